/**
 * An axe-core audit of what a page shows now. The engine is evaluated through the DevTools
 * protocol (page.evaluate), so the app's strict CSP stays as it is; only serious and critical
 * violations are returned, each with where it is, for a test to assert there are none.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** "color-contrast (serious): Elements must meet … — .zone > .chip; …" per serious or critical violation. */
/**
 * Waits until no finite CSS transition or animation runs (a theme switch fades colours for 0.3 s;
 * on a loaded machine its frames come late), so contrast is measured on the colours that stay.
 * Endless ones (a skeleton's shimmer, a spinner) do not count.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined); // still moving after 5 s: measure as it stands, and say what fails
}

export async function seriousViolations(page: Page, where: string, detail = false): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await transitionsEnded(page);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 6)
          .map(
            (n) =>
              `${n.target.join(' ')}${detail && n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join('; ')}${v.nodes.length > 6 ? ` (+${v.nodes.length - 6} more)` : ''}`,
    );
}
