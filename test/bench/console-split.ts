/**
 * Two split panes, each streaming a console flood at once (eu-1's web-1 beside us-1's worker-1):
 * each console's throughput against the same console flooding alone. Issue #28's goal: each keeps
 * ≥ 50 % of one console alone (#15's was 40 %).
 *
 * How (since #28): ROUNDS rounds, each "left alone, right alone, both at once" (the order of the
 * two starts alternating by round, so neither pane always gets the head start of being typed into
 * first); each pane's round is its time alone over its time together, against its own console
 * alone (the panes are different containers in different zones). A pane's figure is the median of
 * its rounds; `console_split_min_pct` is the lower of the two panes' medians. Until #28 it was the
 * lowest single round of either pane out of 3: on the shared two-core machine one round in six
 * can be starved by an unrelated process, and the lowest of six measured that hiccup, not the
 * panes (the same build read 29–147 % within one run). Every round is kept: `_lowest_round_pct`
 * reports the lowest one beside it.
 */
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { openSandboxContainers } from './sandbox-steps';
import { openSection, signInAfterOthers } from '../e2e/support/infra-flows';
import { median, withSpread } from './stats';
import { type Cdp, openDetachableApp } from './bare-cdp';
import { flood, floodDone, startFlood } from './console-flood';

const BYTES = 8_000_000;
const ROUNDS = 9;
const LEFT = 'Terminal of web-1';
const RIGHT = 'Terminal of worker-1';

async function openTerminal(page: Page, pane: number, name: string, label: string): Promise<void> {
  const region = page.getByRole('region', { name: new RegExp(`^Pane ${pane}: `) });
  await region
    .getByRole('table', { name: 'Containers', exact: true })
    .getByRole('row', { name: new RegExp(`\\b${name}\\b`) })
    .first()
    .click();
  await region
    .getByRole('complementary', { name: `Details of ${name}` })
    .getByRole('button', { name: 'Terminal' })
    .click();
  await page.waitForFunction(
    ([l, n]) =>
      (window as unknown as { __zdTerminals?: Record<string, { text(): string }> }).__zdTerminals?.[l!]
        ?.text()
        .includes(`root@${n}`),
    [label, name],
    { timeout: 20_000 },
  );
}

export async function benchConsoleSplit(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { console_split: 'skipped: no Chromium' };
  const app = await openDetachableApp(chrome);
  try {
    const { page } = app;
    await openSandboxContainers(page);
    await page.keyboard.press('Control+Backslash');
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'us-1', exact: true }).click();
    await signInAfterOthers(page, 'dev@example.com', 'sandbox-dev');
    // A zone opens to its home page (as in test/e2e/split-panes.test.ts): on to its containers.
    await page
      .getByRole('region', { name: /^Pane 2: / })
      .getByRole('region', { name: 'Overview of us-1' })
      .waitFor({ timeout: 20_000 });
    await openSection(page, 'Compute', 'Containers');
    await openTerminal(page, 2, 'worker-1', RIGHT);
    await openTerminal(page, 1, 'web-1', LEFT);
    return await splitFigures(await app.detach());
  } catch (e) {
    return { console_split_error: e instanceof Error ? e.message.slice(0, 200) : String(e) };
  } finally {
    await app.close();
  }
}

async function splitFigures(cdp: Cdp): Promise<Record<string, number>> {
  // Fill both scrollbacks first (see console-ui.ts: xterm's first 5000 lines cost it extra).
  await flood(cdp, LEFT, 1_000_000);
  await flood(cdp, RIGHT, 1_000_001);
  const aloneLeft: number[] = [];
  const aloneRight: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const size = (k: number) => BYTES + 10 * i + k; // each flood its own closing line
    const [al, ar] = [await flood(cdp, LEFT, size(0)), await flood(cdp, RIGHT, size(1))];
    const [first, second] = i % 2 === 0 ? [LEFT, RIGHT] : [RIGHT, LEFT];
    await startFlood(cdp, first, size(first === LEFT ? 2 : 3));
    await startFlood(cdp, second, size(second === LEFT ? 2 : 3));
    const [sl, sr] = await Promise.all([floodDone(cdp, LEFT, size(2)), floodDone(cdp, RIGHT, size(3))]);
    aloneLeft.push(al);
    aloneRight.push(ar);
    left.push((100 * al) / sl);
    right.push((100 * ar) / sr);
  }
  console.log(
    `two panes flooding at once, each vs itself alone, median (range) of ${ROUNDS}: left ${withSpread(left)} %, right ${withSpread(right)} %; goal ≥ 50 % each`,
  );
  return {
    console_alone_mb_s: BYTES / 1e6 / median(aloneLeft),
    console_alone_right_mb_s: BYTES / 1e6 / median(aloneRight),
    console_split_left_pct: median(left),
    console_split_right_pct: median(right),
    console_split_min_pct: Math.min(median(left), median(right)),
    console_split_lowest_round_pct: Math.min(...left, ...right),
  };
}
