/**
 * A zone's home page with twenty zones signed in (issue #39 item 5, goal ≤ 300 ms), measured in the
 * page over the bare CDP session twenty-zones.ts holds: from the click on a zone in the rail (coming
 * from All zones, as a person picking one zone of many) to the frame painted with its "Overview"
 * (`zone_home_first_paint_ms`, median of the zones opened, each for the first time), and on to the
 * frame where every count of "In this zone" shows a number (`zone_home_counts_ms`, informational:
 * it waits on the zone's lists).
 */
import type { Cdp } from './bare-cdp';
import { clickSidebar } from './list-timing';
import { median } from './stats';

/** In the page: from the next click to the frame painted with `zone`'s overview, then with all its counts. */
function homeAfterClick(zone: string): Promise<{ paint: number; counts: number }> {
  return new Promise((resolve) => {
    document.addEventListener(
      'click',
      () => {
        const t = performance.now();
        let paint = -1;
        const region = () => document.querySelector(`[role="region"][aria-label="Overview of ${zone}"]`);
        const counted = () => {
          const nums = [...(region()?.querySelectorAll('.counts .num') ?? [])];
          return nums.length > 0 && nums.every((n) => /\d/.test(n.textContent ?? ''));
        };
        // A message posted from the frame being prepared runs once it is painted (list-timing.ts).
        const painted = (then: () => void) => {
          const ch = new MessageChannel();
          ch.port1.onmessage = then;
          ch.port2.postMessage(0);
        };
        const frame = (): number =>
          requestAnimationFrame(() => {
            if (paint < 0 && region()) painted(() => (paint = performance.now() - t));
            if (paint >= 0 && counted()) painted(() => resolve({ paint, counts: performance.now() - t }));
            else if (performance.now() - t > 60_000) resolve({ paint, counts: -1 });
            else frame();
          });
        frame();
      },
      { capture: true, once: true },
    );
  });
}

export async function zoneHomeFigures(cdp: Cdp, zones: readonly string[]): Promise<Record<string, number>> {
  const paints: number[] = [];
  const counts: number[] = [];
  for (const zone of zones) {
    await cdp.evaluate(`${clickSidebar('All zones')}; 0`);
    await new Promise((r) => setTimeout(r, 500));
    await cdp.evaluate(
      `window.__name = (f) => f; window.__zdWait = (${homeAfterClick.toString()})(${JSON.stringify(zone)}); 0`,
    );
    await cdp.evaluate(
      `document.querySelector('nav[aria-label="Zones"] button[aria-label=${JSON.stringify(zone)}]').click(); 0`,
    );
    const t = await cdp.evaluate<{ paint: number; counts: number }>('window.__zdWait');
    if (t.paint < 0 || t.counts < 0) throw new Error(`${zone}'s overview never showed (or never counted) in 60 s`);
    paints.push(t.paint);
    counts.push(t.counts);
  }
  return {
    zone_home_first_paint_ms: median(paints),
    zone_home_first_paint_max_ms: Math.max(...paints),
    zone_home_counts_ms: median(counts),
  };
}
