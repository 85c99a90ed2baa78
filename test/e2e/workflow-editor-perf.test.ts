/**
 * The workflow editor's timings in Chromium, printed for the record: opening a 1 MB draft editable
 * once Monaco is loaded (click on the row → editor created, and → first frame after it), and a
 * validate round trip (request sent → markers on the model). It asserts that the work completes
 * and the marks exist; the budgets are for `npm run bench` on a quiet machine, not for this shared box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';

const chrome = chromiumOrSkip();

/** A valid chain of llm nodes whose pretty JSON is about `bytes` long. */
function bigSpec(bytes: number): { nodes: unknown[]; edges: unknown[] } {
  const nodes: unknown[] = [{ id: 'in', type: 'input' }];
  const edges: { from: string; to: string }[] = [];
  let size = 0;
  let prev = 'in';
  for (let i = 0; size < bytes; i++) {
    const id = `step-${i}`;
    const node = {
      id,
      type: 'llm',
      name: `Step ${i}`,
      prompt: `Step ${i} of a long chain: ${'x'.repeat(120)} {{input}}`,
    };
    nodes.push(node);
    edges.push({ from: prev, to: id });
    size += JSON.stringify(node, null, 2).length + 60;
    prev = id;
  }
  nodes.push({ id: 'out', type: 'output' });
  edges.push({ from: prev, to: 'out' });
  return { nodes, edges };
}

describe.runIf(chrome)('workflow editor timings', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  it('opens a 1 MB draft editable and times a validate round trip', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    const spec = bigSpec(1_000_000);
    await sandboxCall(base, token, 'POST', '/api/v1/workflows', { name: 'big-spec', draft_spec: spec });
    await openSection(page, 'Workflows');
    const table = page.getByRole('table', { name: 'Workflows' });

    // Monaco loaded first, on a small draft; then the validate round trip on it.
    await table.getByRole('row').filter({ hasText: 'triage' }).click();
    const small = page.getByRole('region', { name: 'Draft of triage' });
    await small.locator('.monaco-editor .view-lines').getByText('"id": "classify"').waitFor();
    await small.getByText('No problems').waitFor();
    await small.locator('.view-line').filter({ hasText: '"prompt"' }).click();
    // Renames the key "prompt" to "notes": an llm node without a prompt.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.insertText('notes');
    await small.getByRole('list', { name: 'Problems by node' }).getByText('llm node needs a prompt').waitFor();
    const validate = await page.evaluate(() =>
      performance.getEntriesByName('zd:validate:shown').map((e) => e.duration),
    );
    expect(validate.length).toBeGreaterThan(0);

    await page.evaluate(() => {
      performance.clearMarks('zd:editor:created');
      const w = window as unknown as { __zdClick?: number };
      document.addEventListener('pointerdown', () => (w.__zdClick = performance.now()), { capture: true, once: true });
    });
    await table.getByRole('row').filter({ hasText: 'big-spec' }).click();
    const open = await page.evaluate(
      () =>
        new Promise<{ created: number; frame: number; mount: number; open: number }>((resolve) => {
          const w = window as unknown as { __zdClick: number };
          const wait = () => {
            const m = performance.getEntriesByName('zd:editor:created')[0];
            if (!m) return void setTimeout(wait, 5);
            requestAnimationFrame(() =>
              setTimeout(() =>
                resolve({
                  created: m.startTime - w.__zdClick,
                  frame: performance.now() - w.__zdClick,
                  mount: performance.getEntriesByName('zd:editor:mount').at(-1)!.startTime - w.__zdClick,
                  open: performance.getEntriesByName('zd:editor:open').at(-1)!.duration,
                }),
              ),
            );
          };
          wait();
        }),
    );
    const big = page.getByRole('region', { name: 'Draft of big-spec' });
    await big.locator('.monaco-editor .view-lines').getByText('"id": "in"').waitFor();
    console.log(
      `workflow editor: 1 MB draft: click → editor mounted ${open.mount.toFixed(0)} ms, mounted → editable ` +
        `${open.open.toFixed(0)} ms (click → created ${open.created.toFixed(0)} ms, first frame ${open.frame.toFixed(0)} ms); ` +
        `validate round trip ${validate.map((d) => d.toFixed(0)).join(', ')} ms after the debounce`,
    );
    expect(open.created).toBeGreaterThan(0);
  });
});
