/**
 * The real app in Electron, where its binary exists (elsewhere: one loud line, skipped): the
 * window's security settings, a preload that exposes `zonedeck` and nothing of Node, sign-in to
 * the in-app sandbox with the mailed code, a kubeconfig grabbed from the palette landing on disk
 * (and in the tray's recent grabs), the tray's menu, and a deep link from a second instance
 * reaching the first. Under xvfb on Linux (started here when there is no display).
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { electronOrSkip, ensureDisplay, launchRealApp, type RealApp, recordMarks } from './support/electron-app';
import { startSandboxSignedIn } from './support/infra-flows';

const bin = electronOrSkip();

describe.runIf(bin)('the real Electron app', () => {
  let real: RealApp;
  let display: Awaited<ReturnType<typeof ensureDisplay>>;
  beforeAll(async () => {
    display = await ensureDisplay();
    if (!display) throw new Error('Electron needs a display: install xvfb (Xvfb) or run under xvfb-run.');
    real = await launchRealApp(bin!, display.env);
  });
  afterAll(async () => {
    await real?.close();
    display?.stop();
  });

  it('opens one window on our page, its renderer in the OS sandbox where Electron reports it', async () => {
    const seen = await real.app.evaluate(({ app, BrowserWindow }) => {
      const wins = BrowserWindow.getAllWindows();
      const pid = wins[0]!.webContents.getOSProcessId();
      // `sandboxed` is reported on macOS and Windows only (undefined on Linux).
      return { count: wins.length, sandboxed: app.getAppMetrics().find((m) => m.pid === pid)?.sandboxed };
    });
    expect(seen.count).toBe(1);
    if (process.platform !== 'linux') expect(seen.sandboxed).toBe(true);
    // Served from the app's own scheme (V8's code cache), not file:// (issue #39).
    expect(real.page.url()).toMatch(/^zonedeck-app:\/\/app\/index\.html/);
  });

  // contextBridge refuses to expose anything without context isolation: the bridge being there proves it.
  it('its preload exposes zonedeck and nothing of Node or Electron (context isolation, no Node)', async () => {
    const seen = await real.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        bridge: Object.keys((w.zonedeck as object) ?? {}).sort(),
        leaked: ['require', 'process', 'module', 'Buffer', 'global', 'ipcRenderer', 'electron'].filter((k) => k in w),
      };
    });
    expect(seen.bridge).toEqual(['desktop', 'invoke', 'onEvent', 'onStream', 'sendStream']);
    expect(seen.leaked).toEqual([]);
  });

  it('signs in to the in-app sandbox with the mailed code', async () => {
    await startSandboxSignedIn(real.page);
    // Asked of the agent through the page's own bridge: the status bar's wording follows the window's width.
    const zones = (await real.page.evaluate(() =>
      (window as unknown as { zonedeck: { invoke(c: string, i: unknown): Promise<unknown> } }).zonedeck.invoke(
        'zones.list',
        {},
      ),
    )) as { ok: boolean; result: { name: string; session: { state: string; email?: string } }[] };
    expect(zones.result.find((z) => z.name === 'eu-1')?.session).toMatchObject({
      state: 'signed_in',
      email: 'dev@example.com',
    });
  });

  it('grabs a kubeconfig from the palette onto disk, 0600, and the tray offers it again', async () => {
    const { page } = real;
    const t0 = performance.now();
    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+k' : 'Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').waitFor();
    const t1 = performance.now();
    await palette.getByRole('combobox').fill('demo');
    await palette.getByRole('option', { name: /demo · eu-1/ }).waitFor();
    const t2 = performance.now();
    await page.keyboard.press('Enter');
    await palette.getByRole('status', { name: 'Kubeconfig saved' }).waitFor();
    // The signature moment's steps, as the browser-host bench names them (test/bench/signature.ts).
    recordMarks({
      ...real.marks,
      electron_palette_open_ms: t1 - t0,
      electron_typed_to_match_ms: t2 - t1,
      electron_enter_to_file_ms: performance.now() - t2,
    });
    const file = path.join(real.home, '.kube', 'zonedeck', 'eu-1-demo.yaml');
    // Windows has no mode bits to check (the file is in the person's own profile).
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((parse(readFileSync(file, 'utf8')) as { 'current-context': string })['current-context']).toBe('eu-1-demo');
    await page.keyboard.press('Escape');

    const labels = () =>
      real.app.evaluate(() => (globalThis as unknown as { zonedeckTrayLabels(): string[] }).zonedeckTrayLabels());
    await expect.poll(labels, { timeout: 10_000 }).toContain('eu-1 › Kubeconfig demo');
    const menu = await labels();
    expect(menu).toEqual(expect.arrayContaining(['Grab…', 'Open Zonedeck', 'Quit']));
    expect(menu.some((l) => /^eu-1 — /.test(l))).toBe(true);
  });

  it('a deep link given to a second instance reaches the first, which stays the only one', async () => {
    // As root (CI containers) Chromium starts only without its sandbox, as Playwright started the first.
    const noSandbox = process.platform === 'linux' ? ['--no-sandbox'] : [];
    const second = spawn(bin!, [...real.launchArgs, ...noSandbox, 'zonedeck://zone/ap-9/containers/x'], {
      env: real.env,
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(0); // it found the first instance, handed over and quit
    await real.page
      .getByText('The link is for the zone “ap-9”, which is not in Zonedeck here')
      .waitFor({ timeout: 15_000 });
    expect(await real.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });
});
