/** Identity's two settings screens (Account, Security) as data: the page's words and its cards, in order. */
import type { Component } from 'vue';
import DevicesCard from './DevicesCard.vue';
import EmailCard from './EmailCard.vue';
import LocaleCard from './LocaleCard.vue';
import PasswordCard from './PasswordCard.vue';
import SessionsCard from './SessionsCard.vue';
import TotpCard from './TotpCard.vue';

export type SettingsPageId = 'account' | 'security';

interface SettingsPageWords {
  label: string;
  errorTitle: string;
  machineHint: string;
  cards: readonly Component[];
}

export const SETTINGS_PAGES: Readonly<Record<SettingsPageId, SettingsPageWords>> = {
  account: {
    label: 'Account',
    errorTitle: 'Could not load your account',
    machineHint: 'Sign in with your email to manage your account.',
    cards: [EmailCard, PasswordCard, LocaleCard],
  },
  security: {
    label: 'Security',
    errorTitle: 'Could not load your security settings',
    machineHint: 'Account security belongs to people: sign in with your email to manage it.',
    cards: [DevicesCard, TotpCard, SessionsCard],
  },
};

/** The cards that need only the zone, not its security record. */
export const ZONE_ONLY_CARDS: ReadonlySet<Component> = new Set([PasswordCard]);
