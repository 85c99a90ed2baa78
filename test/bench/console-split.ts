/**
 * Two split panes, each streaming a console flood at once (eu-1's web-1 beside us-1's worker-1):
 * each console's throughput against the same console flooding alone. Issue #15's goal: each keeps
 * ≥ 40 % of one console alone. Rounds alternate alone and together so other load hits both alike.
 */
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { openSandboxContainers } from './sandbox-steps';
import { signInAfterOthers } from '../e2e/support/infra-flows';
import { median, withSpread } from './stats';
import { type Cdp, openDetachableApp } from './bare-cdp';
import { flood, floodDone, startFlood } from './console-flood';

const BYTES = 4_000_000;
const ROUNDS = 3;
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
  const alone: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    alone.push(await flood(cdp, LEFT, BYTES + 10 * i));
    await startFlood(cdp, LEFT, BYTES + 10 * i + 1);
    await startFlood(cdp, RIGHT, BYTES + 10 * i + 2);
    const [sa, sb] = await Promise.all([
      floodDone(cdp, LEFT, BYTES + 10 * i + 1),
      floodDone(cdp, RIGHT, BYTES + 10 * i + 2),
    ]);
    left.push((100 * alone[i]!) / sa);
    right.push((100 * alone[i]!) / sb);
  }
  console.log(
    `two panes flooding at once, each vs one alone, median (range) of ${ROUNDS}: left ${withSpread(left)} %, right ${withSpread(right)} %; goal ≥ 40 % each`,
  );
  return {
    console_alone_mb_s: BYTES / 1e6 / median(alone),
    console_split_left_pct: median(left),
    console_split_right_pct: median(right),
    console_split_min_pct: Math.min(...left, ...right),
  };
}
