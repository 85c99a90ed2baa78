/**
 * A comparison while its dialog is open: every signed-in zone is read at once, each cell filled as
 * its zone answers; config vars stay in this closure only (never in a store or cache) and are
 * masked in every text until revealed. "Read again" reads every zone afresh.
 */
import { computed, reactive, ref } from 'vue';
import { toErrorData } from '../../lib/errors';
import { useZonesStore } from '../../state/zones';
import { varsReading } from './compare-readers';
import { findInZone, type ZoneFind } from './compare-sources';
import { compareRow, type CompareKind, type CompareZone, type ZoneSide } from './compare-table';

type Held = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; find: ZoneFind };

export function useCompare(kind: CompareKind, origin: string, name: string) {
  const zones = useZonesStore();
  const held = reactive<Record<string, Held>>({});
  const reveal = ref(false);
  let round = 0;

  const signedIn = computed<CompareZone[]>(() =>
    zones.list.filter((z) => z.session.state !== 'signed_out').map((z) => ({ id: z.id, name: z.name, color: z.color })),
  );

  function read(): void {
    const mine = ++round;
    for (const z of signedIn.value) {
      held[z.id] = { state: 'loading' };
      findInZone(kind, z.id, name).then(
        (find) => mine === round && (held[z.id] = { state: 'done', find }),
        (e: unknown) => mine === round && (held[z.id] = { state: 'error', message: toErrorData(e).message }),
      );
    }
  }

  function side(z: CompareZone): ZoneSide {
    const h = held[z.id] ?? { state: 'loading' };
    if (h.state !== 'done')
      return h.state === 'error' ? { zone: z, state: 'error', message: h.message } : { zone: z, state: 'loading' };
    const f = h.find;
    if (!f.found) return { zone: z, state: 'absent' };
    const reading = 'vars' in f ? varsReading(f.vars.id, f.vars.map, reveal.value) : f.reading;
    return { zone: z, state: 'present', reading };
  }

  const cells = computed(() => compareRow(origin, signedIn.value.map(side)));
  const settled = computed(() => cells.value.every((c) => c.state !== 'loading'));
  read();
  return { cells, settled, reveal, read };
}
