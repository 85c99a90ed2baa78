/**
 * Which renderer a terminal draws with, chosen as VS Code does: the WebGL addon where a WebGL2
 * context can be made, else xterm's own DOM renderer. The addon loads lazily (its code is only
 * fetched by terminals that can use it). A lost GPU context disposes the addon and the terminal
 * carries on with the DOM renderer; a failure to load or activate leaves it on the DOM renderer,
 * and later terminals then skip WebGL too (the failure would only repeat).
 */
import type { IDisposable, IEvent, ITerminalAddon } from '@xterm/xterm';

export type RendererKind = 'webgl' | 'dom';

/** The part of the WebGL addon used here. */
export interface WebglAddonLike extends ITerminalAddon {
  readonly onContextLoss: IEvent<void>;
}

export interface RendererDeps {
  /** Whether a WebGL2 context can be made here. */
  webgl2(): boolean;
  /** Loads the addon (a dynamic import in the app). */
  load(): Promise<new () => WebglAddonLike>;
}

export interface RendererTarget {
  loadAddon(addon: ITerminalAddon): void;
  /** False once the terminal is disposed: a late load must not attach to it. */
  alive(): boolean;
  /** Told each renderer the terminal uses, as it changes. */
  using(kind: RendererKind): void;
}

let webglBroken = false;

/** Probes for WebGL2 and releases the probe's context at once (browsers cap live contexts). */
export function canMakeWebgl2(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}

export const browserRendererDeps: RendererDeps = {
  webgl2: canMakeWebgl2,
  load: async () => (await import('@xterm/addon-webgl')).WebglAddon,
};

/**
 * Puts `target` on the WebGL renderer if it can be, and returns what it uses now. The DOM renderer
 * is xterm's default, so every failure path simply leaves the terminal as it is.
 */
export async function chooseRenderer(target: RendererTarget, deps: RendererDeps): Promise<RendererKind> {
  if (webglBroken || !deps.webgl2()) return dom(target);
  let addon: WebglAddonLike | undefined;
  try {
    const WebglAddon = await deps.load();
    if (!target.alive()) return 'dom';
    addon = new WebglAddon();
    target.loadAddon(addon);
  } catch {
    // xterm keeps an addon whose activation threw: dispose it so it holds nothing.
    try {
      addon?.dispose();
    } catch {
      /* half-activated: nothing more to release */
    }
    webglBroken = true;
    return dom(target);
  }
  const active = addon;
  let lost: IDisposable | undefined = active.onContextLoss(() => {
    lost?.dispose();
    lost = undefined;
    active.dispose();
    target.using('dom');
  });
  target.using('webgl');
  return 'webgl';
}

function dom(target: RendererTarget): 'dom' {
  target.using('dom');
  return 'dom';
}

/** For tests: forget an earlier load failure. */
export function resetRendererChoice(): void {
  webglBroken = false;
}
