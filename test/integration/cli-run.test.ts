/**
 * `zonedeck run --follow` as a CI script uses it: the real process follows a run in the sandbox
 * and its exit code says how the run ended — 0 succeeded (a gate approved with --approve), 6
 * failed. Also `grab` (the palette's matching) and `logs`. Keychain-held session: under CI a
 * missing keychain fails, never skips.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWorld, type CliWorld, cliGate, ROOT } from '../support/cli-world';

const keychain = await cliGate('CLI RUN TESTS');
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (keychain.ok) w = await cliWorld({ signIn: ['eu-1', 'us-1'] });
});
afterAll(async () => {
  await w?.close();
});

describe('zonedeck run --follow', { timeout: 120_000 }, () => {
  it('exits 0 when the run succeeds, approving its gate with --approve', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['run', 'eu-1/triage', '--input', '"hello"', '--follow', '--approve']);
    expect(run.stderr).toMatch(/approved the gate at/);
    expect(run.stderr).toMatch(/Run \S+ succeeded\./);
    expect(run.code).toBe(0);
  });

  it('exits 6 when a step fails', async (ctx) => {
    need(ctx);
    const spec = {
      nodes: [
        { id: 'in', type: 'input' },
        { id: 'boom', type: 'tool', tool: 'search', simulate: 'fail' },
        { id: 'out', type: 'output' },
      ],
      edges: [
        { from: 'in', to: 'boom' },
        { from: 'boom', to: 'out' },
      ],
    };
    const body = path.join(w.home, 'workflow.json');
    writeFileSync(body, JSON.stringify({ name: 'breaks', draft_spec: spec }));
    const created = await w.zonedeck(['--json', 'api', 'eu-1', 'workflows.create', '--body', `@${body}`]);
    expect(created.code).toBe(0);
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    expect((await w.zonedeck(['api', 'eu-1', 'workflows.publish', `id=${id}`])).code).toBe(0);
    expect((await w.zonedeck(['api', 'eu-1', 'workflows.deploy', `id=${id}`, '--body', '{}'])).code).toBe(0);

    const run = await w.zonedeck(['run', 'eu-1/breaks', '--follow']);
    expect(run.stderr).toMatch(/boom\s+failed/);
    expect(run.stderr).toMatch(/Run \S+ failed: step boom failed\./);
    expect(run.code).toBe(6);
    const json = await w.zonedeck(['--json', 'run', 'eu-1/breaks', '--follow']);
    expect(json.code).toBe(6);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'failed' });
  });

  it('journals the changes it sent as the terminal’s, names only', async (ctx) => {
    need(ctx);
    const lines = readFileSync(path.join(w.dataDir, 'changes.jsonl'), 'utf8').trim().split('\n');
    const sent = lines.map((l) => JSON.parse(l) as { op: string; via: string; targetName?: string; fields?: string[] });
    const create = sent.find((e) => e.op === 'workflows.create');
    expect(create).toMatchObject({ via: 'cli', targetName: 'breaks', fields: ['name', 'draft_spec'] });
    expect(sent.map((e) => e.op)).toEqual(
      expect.arrayContaining(['workflows.publish', 'workflows.deploy', 'workflows.run']),
    );
    expect(lines.join('\n')).not.toContain('simulate'); // the spec's values never reach the journal
  });

  it('exits 7 when the run is cancelled while it waits at a gate', async (ctx) => {
    need(ctx);
    const child = spawn(process.execPath, [...w.cliEntry(), ...w.cliFlags(), 'run', 'eu-1/triage', '--follow'], {
      cwd: ROOT,
      env: w.cliEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
    const runId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no gate in 60 s: ${stderr}`)), 60_000);
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        const id = /Started run (\S+) /.exec(stderr)?.[1];
        if (id && /waiting for approval at/.test(stderr)) {
          clearTimeout(timer);
          resolve(id);
        }
      });
    });
    const cancel = await w.zonedeck(['api', 'eu-1', 'workflowRuns.cancel', `id=${runId}`]);
    expect(cancel.code).toBe(0);
    expect(await exited).toBe(7);
    expect(stderr).toMatch(/Run \S+ cancelled/);
  });

  it('an unknown workflow names the closest one', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['run', 'eu-1/triag', '--follow']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/There is no workflow “triag” in eu-1\. Closest: .*triage/);
  });
});

describe('zonedeck grab, vpn and logs', { timeout: 120_000 }, () => {
  it('grab lists several matches across zones and writes the one picked', async (ctx) => {
    need(ctx);
    const several = await w.zonedeck(['grab', 'demo']);
    expect(several.code).toBe(2);
    expect(several.stdout).toMatch(/1\s+cluster\s+(eu|us)-1\/demo/);
    expect(several.stdout).toMatch(/2\s+cluster\s+(eu|us)-1\/demo/);
    const one = await w.zonedeck(['grab', 'demo', 'us-1']);
    expect(one.code).toBe(0);
    expect(one.stdout.trim()).toBe(`export KUBECONFIG=${path.join(w.home, '.kube', 'zonedeck', 'us-1-demo.yaml')}`);
    const picked = await w.zonedeck(['grab', 'demo', '--pick', '2']);
    expect(picked.code).toBe(0);
  });

  it('vpn saves the gateway profile 0600 in the folder given, never over a file', async (ctx) => {
    need(ctx);
    const dir = path.join(w.home, 'vpn');
    const run = await w.zonedeck(['--json', 'vpn', 'eu-1/office', '-d', dir]);
    expect(run.code).toBe(0);
    const saved = JSON.parse(run.stdout) as { path: string; bytes: number };
    expect(path.dirname(saved.path)).toBe(dir);
    expect(path.basename(saved.path)).toMatch(/^eu-1-.*\.conf$/);
    expect(statSync(saved.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(saved.path, 'utf8')).toMatch(/\[Interface\]/);
    const again = await w.zonedeck(['--json', 'vpn', 'eu-1/office', '-d', dir]);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { path: string }).path).not.toBe(saved.path);
  });

  it('vpn -o saves the profile as exactly that file, 0600, and refuses an existing one or a hidden one', async (ctx) => {
    need(ctx);
    const file = path.join(w.home, 'profiles', 'office.conf');
    mkdirSync(path.dirname(file), { recursive: true });
    const run = await w.zonedeck(['--json', 'vpn', 'eu-1/office', '-o', file]);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { path: string }).path).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = readFileSync(file, 'utf8');
    expect(before).toMatch(/\[Interface\]/);

    const again = await w.zonedeck(['vpn', 'eu-1/office', '-o', file]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already exists/);
    expect(readFileSync(file, 'utf8')).toBe(before);

    const hidden = await w.zonedeck(['vpn', 'eu-1/office', '-o', path.join(w.home, '.ssh', 'office.conf')]);
    expect(hidden.code).not.toBe(0);
    expect(hidden.stderr).toMatch(/hidden files and folders/);

    const both = await w.zonedeck(['vpn', 'eu-1/office', '-o', file, '-d', w.home]);
    expect(both.code).toBe(2);
  });

  it('logs -f prints new lines as they come, and Ctrl-C ends it with 130', async (ctx) => {
    need(ctx);
    const child = spawn(process.execPath, [...w.cliEntry(), ...w.cliFlags(), 'logs', 'eu-1/web-1', '-n', '3', '-f'], {
      cwd: ROOT,
      env: w.cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
    // web-1 writes a line a second: three of the backlog, then at least one more.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no new line in 60 s: ${stdout}`)), 60_000);
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (stdout.trim().split('\n').length >= 4) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const lines = stdout.trim().split('\n');
    expect(new Set(lines).size).toBe(lines.length);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
  });

  it('logs prints the container output', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['logs', 'eu-1/web-1', '--tail', '5']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n').length).toBeGreaterThan(0);
    expect(run.stdout.trim().split('\n').length).toBeLessThanOrEqual(5);
  });
});
