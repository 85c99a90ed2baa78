import { beforeEach, describe, expect, it } from 'vitest';
import type { IDisposable, ITerminalAddon } from '@xterm/xterm';
import {
  chooseRenderer,
  resetRendererChoice,
  type RendererDeps,
  type RendererKind,
  type RendererPreference,
  type RendererTarget,
  type Webgl2Context,
  type WebglAddonLike,
} from '../../../../src-renderer/lib/terminal-renderer';

/** Stands in for the WebGL addon: records disposal and lets a test fire its context loss. */
class FakeWebgl implements WebglAddonLike {
  static made: FakeWebgl[] = [];
  disposed = false;
  private lossListeners: (() => void)[] = [];
  constructor() {
    FakeWebgl.made.push(this);
  }
  activate(): void {}
  dispose(): void {
    this.disposed = true;
  }
  onContextLoss = (l: () => void): IDisposable => {
    this.lossListeners.push(l);
    return { dispose: () => (this.lossListeners = this.lossListeners.filter((x) => x !== l)) };
  };
  loseContext(): void {
    for (const l of [...this.lossListeners]) l();
  }
}

function target(opts: { alive?: () => boolean; throwOnLoad?: boolean } = {}) {
  const loaded: ITerminalAddon[] = [];
  const used: RendererKind[] = [];
  const t: RendererTarget = {
    loadAddon: (a) => {
      loaded.push(a);
      if (opts.throwOnLoad) throw new Error('WebGL2 not supported');
    },
    alive: opts.alive ?? (() => true),
    using: (k) => used.push(k),
  };
  return { t, loaded, used };
}

const deps = (
  webgl2: Webgl2Context,
  preference: RendererPreference = 'auto',
  load: RendererDeps['load'] = async () => FakeWebgl,
): RendererDeps => ({ webgl2: () => webgl2, preference: () => preference, load });
const withWebgl = deps('gpu');

beforeEach(() => {
  resetRendererChoice();
  FakeWebgl.made = [];
});

describe('chooseRenderer', () => {
  it('uses WebGL where a GPU gives a WebGL2 context', async () => {
    const { t, loaded, used } = target();
    expect(await chooseRenderer(t, withWebgl)).toBe('webgl');
    expect(loaded).toEqual(FakeWebgl.made);
    expect(used).toEqual(['webgl']);
  });

  it('stays on the DOM renderer without a GPU context, and never loads the addon', async () => {
    let loads = 0;
    const counting = async () => (loads++, FakeWebgl);
    for (const [context, pref] of [
      ['none', 'auto'],
      ['software', 'auto'],
      ['gpu', 'dom'],
      ['none', 'webgl'],
    ] as const) {
      const { t, loaded, used } = target();
      expect(await chooseRenderer(t, deps(context, pref, counting))).toBe('dom');
      expect([loads, loaded.length]).toEqual([0, 0]);
      expect(used).toEqual(['dom']);
    }
  });

  it('uses WebGL on a software rasterizer only when asked to', async () => {
    const { t, used } = target();
    expect(await chooseRenderer(t, deps('software', 'webgl'))).toBe('webgl');
    expect(used).toEqual(['webgl']);
  });

  it('disposes the addon on context loss and goes on with the DOM renderer', async () => {
    const { t, used } = target();
    await chooseRenderer(t, withWebgl);
    const addon = FakeWebgl.made[0]!;
    addon.loseContext();
    expect(addon.disposed).toBe(true);
    expect(used).toEqual(['webgl', 'dom']);
    addon.loseContext(); // a second loss event changes nothing more
    expect(used).toEqual(['webgl', 'dom']);
  });

  it('falls back to the DOM renderer when the addon fails to load, and later terminals skip WebGL', async () => {
    const first = target();
    const failing = deps('gpu', 'auto', () => Promise.reject(new Error('chunk failed to load')));
    expect(await chooseRenderer(first.t, failing)).toBe('dom');
    expect(first.used).toEqual(['dom']);
    const second = target();
    expect(await chooseRenderer(second.t, withWebgl)).toBe('dom');
    expect(FakeWebgl.made).toEqual([]);
  });

  it('disposes an addon whose activation throws, and uses the DOM renderer', async () => {
    const { t, used } = target({ throwOnLoad: true });
    expect(await chooseRenderer(t, withWebgl)).toBe('dom');
    expect(FakeWebgl.made[0]!.disposed).toBe(true);
    expect(used).toEqual(['dom']);
  });

  it('attaches nothing to a terminal disposed while the addon was loading', async () => {
    const { t, loaded, used } = target({ alive: () => false });
    expect(await chooseRenderer(t, withWebgl)).toBe('dom');
    expect([loaded.length, used.length]).toEqual([0, 0]);
  });
});
