/**
 * The one way to ask before a destructive action: a Naive UI dialog that names the zone and the
 * resource; with `typeToConfirm` the person types the resource's name first (deletes).
 *
 * Usage (inside a component's setup, under the app's n-dialog-provider):
 *   const { confirm } = useConfirmDanger();
 *   if (!(await confirm({ zone: zone.name, kind: 'container', name: row.name, action: 'Delete', typeToConfirm: true }))) return;
 * Resolves true only on the confirming button or Enter (and then only when the typed name matches);
 * Esc, Cancel, the close button or a click outside resolve false.
 */
import { h, ref } from 'vue';
import { NInput, useDialog } from 'naive-ui';

export interface DangerAsk {
  /** The zone's display name. */
  zone: string;
  /** What the thing is, in words: 'container', 'microVM', 'config var'. */
  kind: string;
  name: string;
  /** The verb on the button: 'Delete', 'Detach', 'Stop'. */
  action: string;
  /** A sentence on what happens, shown under the question. */
  detail?: string;
  typeToConfirm?: boolean;
}

export function useConfirmDanger() {
  const dialog = useDialog();

  function confirm(ask: DangerAsk): Promise<boolean> {
    return new Promise((resolve) => {
      const typed = ref('');
      let settled = false;
      const settle = (v: boolean) => {
        if (!settled) {
          settled = true;
          resolve(v);
        }
      };
      const matches = () => !ask.typeToConfirm || typed.value === ask.name;
      const verb = ask.action.toLowerCase();

      const d = dialog.warning({
        title: `${ask.action} ${ask.kind} “${ask.name}” in ${ask.zone}?`,
        autoFocus: false,
        // Wide enough that "Restart application “storefront” in eu-1?" stays one line (base.css sizes the title).
        class: 'zd-confirm-dialog',
        style: { width: '500px' },
        positiveText: `${ask.action} ${ask.name}`,
        negativeText: 'Cancel',
        positiveButtonProps: { type: 'error', disabled: !matches() },
        content: () =>
          h('div', { class: 'zd-confirm' }, [
            h(
              'p',
              { style: 'margin:0 0 8px' },
              ask.detail ?? `This will ${verb} the ${ask.kind} ${ask.name} in zone ${ask.zone}.`,
            ),
            ask.typeToConfirm
              ? h('label', { style: 'display:block' }, [
                  h('span', { style: 'display:block;margin-bottom:4px' }, [
                    'Type ',
                    h('b', { class: 'zd-mono' }, ask.name),
                    ` to ${verb} it.`,
                  ]),
                  h(NInput, {
                    value: typed.value,
                    autofocus: true,
                    placeholder: ask.name,
                    inputProps: { 'aria-label': `Type ${ask.name} to confirm`, spellcheck: false, autocomplete: 'off' },
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
      // Without a name to type, focus the confirming button so Enter confirms as the UI bar asks.
      if (!ask.typeToConfirm) {
        requestAnimationFrame(() => {
          const btns = document.querySelectorAll<HTMLButtonElement>('.n-dialog__action button');
          btns[btns.length - 1]?.focus();
        });
      }
    });
  }

  return { confirm };
}
