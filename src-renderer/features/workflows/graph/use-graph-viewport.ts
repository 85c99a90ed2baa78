/**
 * The picture's viewport, computed from the layout's own bounds (so it never waits for vue-flow to
 * measure 500 nodes): a readable first view, "fit all", and panning to the selected node when the
 * editor's cursor moves to one out of sight. Also times a new reading until the nodes are painted.
 */
import { probeMeasure } from '@contract/test-probe';
import { nextTick, shallowRef, watch } from 'vue';
import type { ViewportTransform, VueFlowStore } from '@vue-flow/core';
import { type Layout, NODE_HEIGHT, NODE_WIDTH } from './layout';

const PAD = 24;
export const MIN_ZOOM = 0.05;
/** A first view shows the whole graph when it can at this zoom or more… */
const WHOLE_MIN = 0.5;
/** …else the top of the graph at this zoom, where 13 px names stay readable. */
const READABLE = 0.75;

/** The viewport that frames a layout in a pane: all of it when asked or when that stays readable, else its top. */
export function frame(l: Layout, width: number, height: number, all: boolean): ViewportTransform {
  const whole = Math.max(MIN_ZOOM, Math.min((width - 2 * PAD) / l.width, (height - 2 * PAD) / l.height, 1));
  if (all || whole >= WHOLE_MIN)
    return { x: (width - l.width * whole) / 2, y: (height - l.height * whole) / 2, zoom: whole };
  const zoom = READABLE;
  if (l.width * zoom <= width) return { x: (width - l.width * zoom) / 2, y: PAD - 16 * zoom, zoom };
  // Wider than the pane: centre the top row (where the flow starts), without running past either side.
  const minY = l.nodes.reduce((m, n) => Math.min(m, n.y), Infinity);
  const top = l.nodes.filter((n) => n.y === minY);
  const topMid = top.reduce((sum, n) => sum + n.x + NODE_WIDTH / 2, 0) / Math.max(1, top.length);
  const x = Math.min(PAD, Math.max(width - PAD - l.width * zoom, width / 2 - topMid * zoom));
  return { x, y: PAD - 16 * zoom, zoom };
}

export function useGraphViewport(flow: VueFlowStore, layout: () => Layout | undefined) {
  /** The layout the viewport was last framed for: a new layout is not drawn until it is framed. */
  const framed = shallowRef<Layout>();
  const ready = (): boolean =>
    flow.dimensions.value.width > 0 &&
    flow.viewportHelper.value.viewportInitialized &&
    (!layout() || framed.value === layout());

  /** The first viewport, before vue-flow mounts (its defaultViewport), from the pane's size: saves a second render. */
  function initial(width: number, height: number): ViewportTransform {
    const l = layout();
    if (!l || !width || !height) return { x: 0, y: 0, zoom: 1 };
    framed.value = l;
    return frame(l, width, height, false);
  }

  /** Frames the current layout (see frame); also when a layout arrives before the pane has a size. */
  function fit(all: boolean): void {
    const l = layout();
    const { width, height } = flow.dimensions.value;
    if (!l || !width || !height || !flow.viewportHelper.value.viewportInitialized) return;
    framed.value = l;
    void flow.setViewport(frame(l, width, height, all));
  }
  /** A new layout frames itself when the picture was empty before; edits to a drawn graph keep the person's view. */
  function relaid(before: Layout | undefined): void {
    if (before && before.nodes.length > 0 && framed.value === before) framed.value = layout();
    else fit(false);
  }
  watch([() => flow.dimensions.value.width, () => flow.viewportHelper.value.viewportInitialized], () => {
    if (framed.value !== layout()) fit(false);
  });

  /**
   * Pans (keeping the zoom) so the node is in view, when it is not already. No animation: d3's
   * smooth zoom flies out and back, mounting every card on the way.
   */
  function reveal(id: string): void {
    const node = layout()?.nodes.find((n) => n.id === id);
    const { width, height } = flow.dimensions.value;
    if (!node || !width || !height) return;
    const { x, y, zoom } = flow.viewport.value;
    const left = node.x * zoom + x;
    const top = node.y * zoom + y;
    const inside = left >= 0 && top >= 0 && left + NODE_WIDTH * zoom <= width && top + NODE_HEIGHT * zoom <= height;
    if (!inside) void flow.setCenter(node.x + NODE_WIDTH / 2, node.y + NODE_HEIGHT / 2, { zoom });
  }

  let generation = 0;
  /**
   * After a new reading: wait until the pane is sized and the new layout framed, let Vue patch the
   * DOM (nextTick), then one frame (requestAnimationFrame), and record the time since the mark.
   */
  async function measureDrawn(): Promise<void> {
    const mine = ++generation;
    await nextTick();
    if (!ready()) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          stop();
          resolve();
        };
        const timer = setTimeout(done, 5000);
        const stop = watch(
          [framed, () => flow.dimensions.value.width, () => flow.viewportHelper.value.viewportInitialized],
          () => ready() && done(),
        );
      });
      await nextTick();
    }
    await new Promise((r) => requestAnimationFrame(r));
    if (mine === generation) probeMeasure('zd:graph:drawn', 'zd:graph:start');
  }

  return { initial, fit, relaid, reveal, measureDrawn };
}
