/**
 * The list-screen kit's logic without a DOM: the shared clock ticks once for all screens and stops
 * with the last; useListScreen selects by key, takes open requests only through its place, drops
 * the selection on a zone change when asked, and deselects a row only after a confirmed, successful
 * destructive action; useResourceList binds a resource to the list. The pane, open-request and
 * confirm pieces are stubbed (they need a window).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, reactive, ref } from 'vue';

const opened: { zone: () => string; area: string; section: string; open: (id: string) => void }[] = [];
const details: (() => string | null | undefined)[] = [];
let answer = true;
vi.mock('../../../../src-renderer/composables/use-open-request', () => ({
  useOpenRequest: (zone: () => string, area: string, section: string, open: (id: string) => void) =>
    opened.push({ zone, area, section, open }),
}));
vi.mock('../../../../src-renderer/composables/use-pane', () => ({
  usePaneDetail: (name: () => string | null | undefined) => details.push(name),
}));
vi.mock('../../../../src-renderer/components/confirm-danger', () => ({
  useConfirmDanger: () => ({ confirm: vi.fn(async () => answer) }),
}));

const { useNow, NOW_EVERY_MS } = await import('../../../../src-renderer/composables/use-now');
const { useListScreen } = await import('../../../../src-renderer/composables/use-list-screen');

interface Row {
  key: string;
  name: string;
}
const ask = { zone: 'eu-1', kind: 'thing', name: 'a', action: 'Delete' };

describe('useNow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every reader and stops with the last', () => {
    const a = effectScope();
    const b = effectScope();
    const first = a.run(() => useNow())!;
    const second = b.run(() => useNow())!;
    expect(vi.getTimerCount()).toBe(1);
    const before = first.value;
    vi.advanceTimersByTime(NOW_EVERY_MS);
    expect(first.value).toBe(before + NOW_EVERY_MS);
    expect(second.value).toBe(first.value);
    a.stop();
    expect(vi.getTimerCount()).toBe(1);
    b.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again fresh after a quiet spell', () => {
    const s = effectScope();
    s.run(() => useNow());
    s.stop();
    vi.advanceTimersByTime(10 * NOW_EVERY_MS + 5);
    const again = effectScope();
    const now = again.run(() => useNow())!;
    expect(now.value).toBe(Date.now());
    again.stop();
  });
});

describe('useListScreen', () => {
  beforeEach(() => {
    opened.length = 0;
    details.length = 0;
    answer = true;
  });

  function mount(o: { opens?: boolean; clearOnZoneChange?: boolean } = {}) {
    const zone = ref('z1');
    const rows = ref<Row[]>([
      { key: 'a', name: 'alpha' },
      { key: 'b', name: 'beta' },
    ]);
    const scope = effectScope();
    const screen = scope.run(() =>
      useListScreen<Row>({
        zone: () => zone.value,
        rows: () => rows.value,
        key: (r) => r.key,
        name: (r) => r.name,
        ...(o.opens ? { opens: { area: 'networking', section: 'publicIps' } } : {}),
        ...(o.clearOnZoneChange ? { clearOnZoneChange: true } : {}),
      }),
    )!;
    return { zone, rows, screen, scope };
  }

  it('finds the selected row and names it for the breadcrumb', () => {
    const { rows, screen, scope } = mount();
    expect(screen.row.value).toBeNull();
    expect(details[0]!()).toBeNull();
    screen.select('b');
    expect(screen.row.value?.name).toBe('beta');
    expect(details[0]!()).toBe('beta');
    // The row went from the list (deleted elsewhere): nothing is shown as open.
    rows.value = rows.value.slice(0, 1);
    expect(screen.row.value).toBeNull();
    scope.stop();
  });

  it('takes open requests only when it names its place', () => {
    mount().scope.stop();
    expect(opened).toHaveLength(0);
    const { screen, scope } = mount({ opens: true });
    expect(opened[0]).toMatchObject({ area: 'networking', section: 'publicIps' });
    expect(opened[0]!.zone()).toBe('z1');
    opened[0]!.open('a');
    expect(screen.selected.value).toBe('a');
    scope.stop();
  });

  it('keeps the selection across a zone change unless asked to drop it', async () => {
    const kept = mount();
    kept.screen.select('a');
    kept.zone.value = 'z2';
    await nextTick();
    expect(kept.screen.selected.value).toBe('a');
    kept.scope.stop();
    const dropped = mount({ clearOnZoneChange: true });
    dropped.screen.select('a');
    dropped.zone.value = 'z2';
    await nextTick();
    expect(dropped.screen.selected.value).toBeNull();
    dropped.scope.stop();
  });

  it('runs a destructive action only when confirmed, and deselects the removed row on success', async () => {
    const { rows, screen, scope } = mount();
    const row = rows.value[0]!;
    screen.select('a');
    const work = vi.fn(async () => true);
    answer = false;
    expect(await screen.confirmRun(ask, work, row)).toBe(false);
    expect(work).not.toHaveBeenCalled();
    answer = true;
    const failing = vi.fn(async () => false);
    expect(await screen.confirmRun(ask, failing, row)).toBe(false);
    expect(screen.selected.value).toBe('a');
    // Not a removal (detach): the row stays open.
    expect(await screen.confirmRun(ask, work)).toBe(true);
    expect(screen.selected.value).toBe('a');
    expect(await screen.confirmRun(ask, work, row)).toBe(true);
    expect(screen.selected.value).toBeNull();
    scope.stop();
  });

  it('leaves another row open when the removed one was not the selected', async () => {
    const { rows, screen, scope } = mount();
    screen.select('b');
    expect(await screen.confirmRun(ask, async () => true, rows.value[0]!)).toBe(true);
    expect(screen.selected.value).toBe('b');
    scope.stop();
  });
});

describe('useResourceList', () => {
  it("binds a resource's state with the screen's words, and reads it again on retry and refresh", async () => {
    const { useResourceList } = await import('../../../../src-renderer/composables/use-resource-list');
    const refresh = vi.fn(async () => undefined);
    const view = reactive({
      state: { data: undefined as string[] | undefined, status: 'idle', error: null, refreshing: false },
      every: null,
      refresh,
    });
    const heading = ref('Widgets');
    const bound = useResourceList(view as never, () => ({ heading: heading.value, columns: [], loading: false }));
    // The screen's description wins over what the resource gives.
    expect(bound.value).toMatchObject({ heading: 'Widgets', rows: [], loading: false, refreshing: false, error: null });
    heading.value = 'Gadgets';
    expect(bound.value.heading).toBe('Gadgets');
    view.state.data = ['a'];
    view.state.status = 'ready';
    expect(bound.value).toMatchObject({ rows: ['a'], loading: false });
    bound.value.onRetry!();
    bound.value.onRefresh!();
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
