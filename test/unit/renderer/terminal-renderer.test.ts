import { beforeEach, describe, expect, it } from 'vitest';
import type { IDisposable, ITerminalAddon } from '@xterm/xterm';
import {
  chooseRenderer,
  resetRendererChoice,
  type RendererKind,
  type RendererTarget,
  type WebglAddonLike,
} from '../../../src-renderer/lib/terminal-renderer';

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

const withWebgl = { webgl2: () => true, load: async () => FakeWebgl };

beforeEach(() => {
  resetRendererChoice();
  FakeWebgl.made = [];
});

describe('chooseRenderer', () => {
  it('uses WebGL where a WebGL2 context can be made', async () => {
    const { t, loaded, used } = target();
    expect(await chooseRenderer(t, withWebgl)).toBe('webgl');
    expect(loaded).toEqual(FakeWebgl.made);
    expect(used).toEqual(['webgl']);
  });

  it('stays on the DOM renderer without WebGL2, and never loads the addon', async () => {
    const { t, loaded, used } = target();
    let loads = 0;
    const deps = { webgl2: () => false, load: async () => (loads++, FakeWebgl) };
    expect(await chooseRenderer(t, deps)).toBe('dom');
    expect([loads, loaded.length]).toEqual([0, 0]);
    expect(used).toEqual(['dom']);
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
    const failing = { webgl2: () => true, load: () => Promise.reject(new Error('chunk failed to load')) };
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
