/**
 * The one way to ask before a destructive action: a Naive UI dialog that names the resource and
 * states the zone as a chip in its colour; with `typeToConfirm` the person types the resource's
 * name first (deletes). In a protected zone every confirmation asks for the zone's name instead
 * (one field, never two), and a confirmed answer lets the action's calls through the protected-zone
 * guard without asking again.
 *
 * Usage (inside a component's setup, in the app: its plugin gives the dialogs):
 *   const { confirm } = useConfirmDanger();
 *   if (!(await confirm({ zone: zone.name, kind: 'container', name: row.name, action: 'Delete', typeToConfirm: true }))) return;
 * Resolves true only on the confirming button or Enter (and then only when the typed name matches);
 * Esc, Cancel, the close button or a click outside resolve false.
 */
import { h, ref } from 'vue';
import type { NInput } from 'naive-ui';
import { useFeedback } from '../composables/feedback';
import { useZonesStore } from '../state/zones';
import { zonePasses } from '../data/protected-zones';
import { zoneChip } from './zone-chip';
import { zoneInWords } from '../lib/zone-health-words';
import { answerOnce } from './answered-dialog';
import { whenIdle } from '../lib/when-idle';

export interface DangerAsk {
  /** The zone's display name. */
  zone: string;
  /** The zone's id, when the name alone could be ambiguous. */
  zoneId?: string;
  /** What the thing is, in words: 'container', 'microVM', 'config var'. */
  kind: string;
  name: string;
  /** The verb on the button: 'Delete', 'Detach', 'Stop'. */
  action: string;
  /** A sentence on what happens, shown under the question. */
  detail?: string;
  typeToConfirm?: boolean;
  /** Replaces "<action> <kind> “<name>” in" before the zone's chip in the title. */
  what?: string;
  /** Replaces "<action> <name>" on the confirming button. */
  button?: string;
}

// The name field (Naive's input, 24 KiB) is not in the first download (#39): it loads once a
// component that may ask is set up and the page is idle, so a question opens at once, as before.
let dangerInput: typeof NInput | null = null;
let loadingInput: Promise<unknown> | null = null;
function loadDangerInput(): Promise<unknown> {
  loadingInput ??= import('./danger-input').then((m) => (dangerInput = m.NInput));
  return loadingInput;
}

export function useConfirmDanger() {
  const feedback = useFeedback();
  const dialog = feedback.dialog;
  // Once the page is idle (not in the first screen's way); a failure shows when a question is asked.
  whenIdle(() => void loadDangerInput().catch(() => undefined), 2000);
  const zones = useZonesStore();

  /** The zone asked about: by id, else the selected zone when its name matches, else by name. */
  function zoneOf(ask: DangerAsk) {
    if (ask.zoneId) return zones.byId.get(ask.zoneId);
    if (zones.selected?.name === ask.zone) return zones.selected;
    return zones.list.find((z) => z.name === ask.zone);
  }

  function confirm(ask: DangerAsk): Promise<boolean> {
    // Asked before the field or the dialog provider is in (the dialog is updated as the name is
    // typed, so it must be the real one): ask once both are.
    if (!dangerInput || !feedback.isReady()) {
      return Promise.all([loadDangerInput(), feedback.ready()]).then(() => confirm(ask));
    }
    const input = dangerInput;
    const zone = zoneOf(ask);
    const guarded = zone?.protected === true;
    // A protected zone asks for its own name, in place of the resource's.
    const word = guarded ? zone.name : ask.typeToConfirm ? ask.name : null;
    return new Promise((resolve) => {
      const typed = ref('');
      const { cls, answer: settle } = answerOnce(resolve, (v) => {
        if (v && guarded) zonePasses.grant(zone.id);
      });
      const matches = () => word === null || typed.value === word;
      const verb = ask.action.toLowerCase();
      const chipZone = zone ?? { name: ask.zone, color: '#8a8f98' };

      const d = dialog.warning({
        // One span: the dialog's title is a flex row, which would drop the space before the chip.
        title: () =>
          h('span', [`${ask.what ?? `${ask.action} ${ask.kind} “${ask.name}” in`} `, zoneChip(chipZone), '?']),
        autoFocus: false,
        // Wide enough that "Restart application “storefront” in eu-1?" stays one line (base.css sizes the title).
        class: `zd-confirm-dialog ${cls}`,
        style: { width: '500px' },
        positiveText: ask.button ?? `${ask.action} ${ask.name}`,
        negativeText: 'Cancel',
        positiveButtonProps: { type: 'error', disabled: !matches() },
        content: () =>
          h('div', { class: 'zd-confirm' }, [
            h(
              'p',
              { style: 'margin:0 0 8px' },
              ask.detail ?? `This will ${verb} the ${ask.kind} ${ask.name} in zone ${ask.zone}.`,
            ),
            word !== null
              ? h('label', { style: 'display:block' }, [
                  h(
                    'span',
                    { style: 'display:block;margin-bottom:4px' },
                    guarded
                      ? [
                          zoneInWords(zone.name, true),
                          ' is a protected zone. Type its name, ',
                          h('b', { class: 'zd-mono' }, word),
                          `, to ${verb}.`,
                        ]
                      : ['Type ', h('b', { class: 'zd-mono' }, word), ` to ${verb} it.`],
                  ),
                  h(input, {
                    value: typed.value,
                    autofocus: true,
                    placeholder: word,
                    inputProps: { 'aria-label': `Type ${word} to confirm`, spellcheck: false, autocomplete: 'off' },
                    'onUpdate:value': (v: string) => {
                      typed.value = v;
                      d.positiveButtonProps = { type: 'error', disabled: !matches() };
                    },
                    onKeydown: (e: KeyboardEvent) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      if (matches()) {
                        settle(true);
                        d.destroy();
                      }
                    },
                  }),
                ])
              : null,
          ]),
        onPositiveClick: () => {
          if (!matches()) return false;
          settle(true);
          return true;
        },
        onNegativeClick: () => settle(false),
        onClose: () => settle(false),
        onMaskClick: () => settle(false),
        onEsc: () => settle(false),
        onAfterLeave: () => settle(false),
      });
      // Without a name to type, focus the confirming button so Enter confirms as the UI bar asks;
      // with one, the field (the input's own autofocus loses to the dialog's opening transition).
      requestAnimationFrame(() => {
        if (word === null) {
          const btns = document.querySelectorAll<HTMLButtonElement>('.n-dialog__action button');
          btns[btns.length - 1]?.focus();
        } else {
          const fields = document.querySelectorAll<HTMLInputElement>(
            `.n-dialog input[aria-label="Type ${CSS.escape(word)} to confirm"]`,
          );
          const field = fields[fields.length - 1];
          if (field && !field.contains(document.activeElement)) field.focus();
        }
      });
    });
  }

  return { confirm };
}
