/** Outgoing mail: localised templates (en, de, fr) into the sandbox outbox. */
import type { MailRec } from './state';

export const LOCALES = ['en', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
type Kind = MailRec['kind'];

const T: Record<Locale, Record<Kind, [subject: string, body: (code: string) => string]>> = {
  en: {
    mfa_code: ['Your sign-in code', (c) => `Your sign-in code is ${c}. It expires in 10 minutes.`],
    password_reset: [
      'Reset your password',
      (c) => `Use the code ${c} to set a new password. It expires in 30 minutes.`,
    ],
    verify_email: ['Verify your email address', (c) => `Use the code ${c} to verify your email address.`],
  },
  de: {
    mfa_code: ['Ihr Anmeldecode', (c) => `Ihr Anmeldecode lautet ${c}. Er ist 10 Minuten gültig.`],
    password_reset: [
      'Passwort zurücksetzen',
      (c) => `Mit dem Code ${c} setzen Sie ein neues Passwort. Er ist 30 Minuten gültig.`,
    ],
    verify_email: ['E-Mail-Adresse bestätigen', (c) => `Mit dem Code ${c} bestätigen Sie Ihre E-Mail-Adresse.`],
  },
  fr: {
    mfa_code: ['Votre code de connexion', (c) => `Votre code de connexion est ${c}. Il expire dans 10 minutes.`],
    password_reset: [
      'Réinitialiser votre mot de passe',
      (c) => `Utilisez le code ${c} pour choisir un nouveau mot de passe. Il expire dans 30 minutes.`,
    ],
    verify_email: ['Vérifiez votre adresse e-mail', (c) => `Utilisez le code ${c} pour vérifier votre adresse e-mail.`],
  },
};

export const isLocale = (x: unknown): x is Locale =>
  typeof x === 'string' && (LOCALES as readonly string[]).includes(x);

export function composeMail(locale: string, kind: Kind, code: string): { subject: string; body: string } {
  const [subject, body] = T[isLocale(locale) ? locale : 'en'][kind];
  return { subject, body: body(code) };
}

/** "dev@example.com" -> "d**@example.com" */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(2, local.length - 1))}@${domain}`;
}
