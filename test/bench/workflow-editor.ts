/**
 * Workflow editor figures in Chromium through the browser host (issue #12 goals): opening a 1 MB
 * draft editable once Monaco is loaded (≤ 300 ms: click on the row → editor created → frame
 * painted), a validate round trip (request sent after the debounce → markers applied, ≤ 250 ms;
 * median of several edits) and a 500-node DAG laid out and drawn (≤ 500 ms, the picture's own
 * zd:graph:drawn measure). Set-up runs with Playwright; the timed opens run with it detached
 * (bare-cdp.ts), so Chromium does not copy the 1 MB reply to the driver while it is timed.
 */
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { openSection, startSandboxSignedIn } from '../e2e/support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from '../e2e/support/infra-sandbox';
import { type Cdp, openDetachableApp } from './bare-cdp';

type Spec = { nodes: Record<string, unknown>[]; edges: { from: string; to: string }[] };

/** A layered DAG of `count` nodes (each fed by one or two earlier ones), prompts padded to `promptBytes`. */
export function benchSpec(count: number, promptBytes: number): Spec {
  const nodes: Record<string, unknown>[] = [{ id: 'n0', type: 'input' }];
  const edges: Spec['edges'] = [];
  for (let i = 1; i < count; i++) {
    const last = i === count - 1;
    const pad = 'x'.repeat(Math.max(0, promptBytes - 40));
    nodes.push(
      last
        ? { id: `n${i}`, type: 'output' }
        : i % 7 === 0
          ? { id: `n${i}`, type: 'tool', name: `Tool ${i}`, tool: 'search' }
          : { id: `n${i}`, type: 'llm', name: `Step ${i}`, prompt: `Step ${i}: {{input}} ${pad}` },
    );
    edges.push({ from: `n${Math.floor((i - 1) / 3)}`, to: `n${i}` });
    if (i > 3 && i % 5 === 0 && !last) edges.push({ from: `n${i - 2}`, to: `n${i}` });
  }
  return { nodes, edges };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Validate round trips on the small draft: a node's prompt renamed and back, each change timed. */
async function validateFigures(page: Page): Promise<Record<string, number>> {
  const table = page.getByRole('table', { name: 'Workflows' });
  await table.getByRole('row').filter({ hasText: 'triage' }).click();
  const draft = page.getByRole('region', { name: 'Draft of triage' });
  await draft.locator('.monaco-editor .view-lines').getByText('"prompt"').first().waitFor();
  await draft.getByText('No problems').waitFor({ timeout: 30_000 });
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    await page.evaluate(() => performance.clearMeasures('zd:validate:shown'));
    const broken = i % 2 === 0;
    await draft
      .locator('.view-line')
      .filter({ hasText: broken ? '"prompt"' : '"notes"' })
      .first()
      .click();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    for (let k = 0; k < (broken ? 6 : 5); k++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.insertText(broken ? 'notes' : 'prompt');
    if (broken) await draft.getByRole('list', { name: 'Problems by node' }).waitFor();
    else await draft.getByText('No problems').waitFor();
    const shown = await page.evaluate(() => performance.getEntriesByName('zd:validate:shown').map((e) => e.duration));
    if (shown.length) times.push(shown.at(-1)!);
  }
  if (!times.length) throw new Error('no validate round trip was measured');
  return { validate_round_trip_ms: median(times), validate_round_trip_max_ms: Math.max(...times) };
}

/**
 * In the page: click the row named `name`; resolve with the measure `entry`'s duration, or the
 * time from the click to the mark `entry` (the app marks the frame it painted in, so the figure is
 * not held up by whatever runs after that frame, such as the picture drawn next).
 */
function clickAndWait(cdp: Cdp, name: string, entry: string, useDuration: boolean): Promise<number> {
  return cdp.evaluate<number>(`(() => new Promise((resolve) => {
    performance.clearMarks('${entry}'); performance.clearMeasures('${entry}');
    const row = [...document.querySelectorAll('table[aria-label="Workflows"] tbody tr')]
      .find((r) => r.textContent.includes('${name}'));
    if (!row) return resolve(-2);
    const t = performance.now();
    row.click();
    const wait = () => {
      const e = performance.getEntriesByName('${entry}').at(-1);
      if (!e) return performance.now() - t > 30000 ? resolve(-1) : setTimeout(wait, 2);
      resolve(${useDuration ? 'e.duration' : 'e.startTime - t'});
    };
    wait();
  }))()`);
}

export async function benchWorkflowEditor(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { workflow_editor: 'skipped: no Chromium' };
  const app = await openDetachableApp(chrome);
  try {
    const { page } = app;
    await startSandboxSignedIn(page);
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const big = benchSpec(500, 2150);
    const mb = JSON.stringify(big, null, 2).length / 1e6;
    await sandboxCall(base, token, 'POST', '/api/v1/workflows', { name: 'bench-1mb', draft_spec: big });
    await sandboxCall(base, token, 'POST', '/api/v1/workflows', {
      name: 'bench-dag-500',
      draft_spec: benchSpec(500, 0),
    });
    await openSection(page, 'Workflows');
    const out: Record<string, number> = { workflow_spec_mb: mb, ...(await validateFigures(page)) };
    const cdp = await app.detach();
    const opens: number[] = [];
    const graphs: number[] = [];
    for (let i = 0; i < 3; i++) {
      opens.push(await clickAndWait(cdp, 'bench-1mb', 'zd:editor:painted', false));
      graphs.push(await clickAndWait(cdp, 'bench-dag-500', 'zd:graph:drawn', true));
    }
    if ([...opens, ...graphs].some((t) => t < 0)) throw new Error(`an open never finished: ${opens} / ${graphs}`);
    return {
      ...out,
      editor_1mb_open_ms: median(opens),
      editor_1mb_open_max_ms: Math.max(...opens),
      dag_500_drawn_ms: median(graphs),
      dag_500_drawn_max_ms: Math.max(...graphs),
    };
  } finally {
    await app.close();
  }
}
