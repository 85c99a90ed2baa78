/**
 * Which renderer a terminal draws with, chosen as VS Code does: the WebGL addon where a GPU
 * gives a WebGL2 context, else xterm's own DOM renderer. A context that a software rasterizer
 * (SwiftShader, llvmpipe) draws counts as none: there the DOM renderer was ~2.5x faster on a flood.
 * The addon loads lazily (its code is only fetched by terminals that use it). A lost GPU context
 * disposes the addon and the terminal carries on with the DOM renderer; a failure to load or
 * activate leaves it on the DOM renderer, and later terminals then skip WebGL too (the failure
 * would only repeat). localStorage `zd.console.renderer` = 'webgl' | 'dom' overrides the choice,
 * like VS Code's terminal.integrated.gpuAcceleration on/off ('webgl' also on a software context).
 */
import type { IDisposable, IEvent, ITerminalAddon } from '@xterm/xterm';

export type RendererKind = 'webgl' | 'dom';

/** The part of the WebGL addon used here. */
export interface WebglAddonLike extends ITerminalAddon {
  readonly onContextLoss: IEvent<void>;
}

/** What WebGL2 context this browser gives: drawn by a GPU, by a software rasterizer, or none. */
export type Webgl2Context = 'gpu' | 'software' | 'none';
export type RendererPreference = 'auto' | RendererKind;

export interface RendererDeps {
  webgl2(): Webgl2Context;
  preference(): RendererPreference;
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

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** Probes for WebGL2 and releases the probe's context at once (browsers cap live contexts). */
function probeWebgl2(): Webgl2Context {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'none';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return SOFTWARE_GL.test(name) ? 'software' : 'gpu';
  } catch {
    return 'none';
  }
}

function storedPreference(): RendererPreference {
  const v = localStorage.getItem('zd.console.renderer');
  return v === 'webgl' || v === 'dom' ? v : 'auto';
}

let probed: Webgl2Context | undefined;

export const browserRendererDeps: RendererDeps = {
  webgl2: () => (probed ??= probeWebgl2()), // the GPU does not change while the page lives
  preference: storedPreference,
  load: async () => (await import('@xterm/addon-webgl')).WebglAddon,
};

/**
 * Puts `target` on the WebGL renderer if it can be, and returns what it uses now. The DOM renderer
 * is xterm's default, so every failure path simply leaves the terminal as it is.
 */
export async function chooseRenderer(target: RendererTarget, deps: RendererDeps): Promise<RendererKind> {
  const pref = deps.preference();
  if (webglBroken || pref === 'dom') return dom(target);
  const context = deps.webgl2();
  if (context === 'none' || (context === 'software' && pref !== 'webgl')) return dom(target);
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
