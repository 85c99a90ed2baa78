/**
 * The real `zonedeck` process, standalone (no app running), against the sandbox over loopback:
 * a session remembered in the keychain is restored, files follow the window's rules, `api`
 * answers what the agent answers, and unknown names fail in one line with the closest ones.
 * The sessions live in the OS keychain: under CI a missing keychain fails, never skips.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWorld, type CliWorld, cliGate } from '../support/cli-world';
import { kubectl } from './files/kubectl';

const keychain = await cliGate('CLI STANDALONE TESTS');
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (keychain.ok) w = await cliWorld({ signIn: ['eu-1'] });
});
afterAll(async () => {
  await w?.close();
});

describe('zonedeck, standalone', { timeout: 120_000 }, () => {
  it('lists the zones with the restored session and health', async (ctx) => {
    need(ctx);
    const human = await w.zonedeck(['zones']);
    expect(human.stderr).toBe('');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^ZONE\s+GROUP\s+SIGNED IN\s+HEALTH/);
    expect(human.stdout).toMatch(/eu-1\s+-\s+dev@example\.com\s+up/);
    expect(human.stdout).toMatch(/us-1\s+-\s+signed out/);
    const json = await w.zonedeck(['--json', 'zones']);
    const zones = JSON.parse(json.stdout) as { name: string; session: { state: string }; health: string }[];
    expect(zones.find((z) => z.name === 'eu-1')).toMatchObject({
      session: { state: 'signed_in' },
      health: 'reachable',
    });
  });

  it('writes the kubeconfig 0600 where the window does, prints the export line, and kubectl reads it', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['kubeconfig', 'eu-1/demo']);
    expect(run.code).toBe(0);
    const file = path.join(w.home, '.kube', 'zonedeck', 'eu-1-demo.yaml');
    expect(run.stdout.trim()).toBe(`export KUBECONFIG=${file}`);
    expect(run.stderr).toContain(`Wrote ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const view = kubectl(['config', 'view', '-o', 'jsonpath={.current-context}'], { HOME: w.home, KUBECONFIG: file });
    if (view) {
      expect(view.stderr).toBe('');
      expect(view.stdout).toBe('eu-1-demo');
    }
    // The refresh token was renewed and written back; nothing of it reached the terminal.
    expect(run.stdout + run.stderr).not.toMatch(/eyJ|refresh_token|access_token/);
  });

  it('-o never replaces a file without --replace, and --stdout prints the kubeconfig', async (ctx) => {
    need(ctx);
    const target = path.join(w.home, 'demo.yaml');
    expect((await w.zonedeck(['kubeconfig', 'eu-1/demo', '-o', target])).code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const again = await w.zonedeck(['kubeconfig', 'eu-1/demo', '-o', target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists/);
    expect((await w.zonedeck(['kubeconfig', 'eu-1/demo', '-o', target, '--replace'])).code).toBe(0);
    const dot = await w.zonedeck(['kubeconfig', 'eu-1/demo', '-o', path.join(w.home, '.bashrc')]);
    expect(dot.code).not.toBe(0);
    const printed = await w.zonedeck(['kubeconfig', 'eu-1/demo', '--stdout']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(readFileSync(target, 'utf8'));
  });

  it("--merge goes into KUBECONFIG under kubectl's lock, and kubectl sees the context", async (ctx) => {
    need(ctx);
    const target = path.join(w.home, '.kube', 'config');
    const run = await w.zonedeck(['kubeconfig', 'eu-1/demo', '--merge', '--set-current'], {
      env: { KUBECONFIG: target },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Merged context eu-1-demo into ${target}; it is now current.\n`);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const view = kubectl(['config', 'view', '-o', 'jsonpath={.current-context}'], { HOME: w.home, KUBECONFIG: target });
    if (view) expect(view.stdout).toBe('eu-1-demo');
    // A second merge replaces the entry after a backup, and nothing is left locked.
    const again = await w.zonedeck(['--json', 'kubeconfig', 'eu-1/demo', '--merge'], { env: { KUBECONFIG: target } });
    expect(JSON.parse(again.stdout)).toMatchObject({ target, replaced: true, backup: expect.any(String) });
    expect(() => statSync(`${target}.lock`)).toThrow();
  });

  it('api prints what the agent answers for the same call', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['api', 'eu-1', 'kubernetes.list']);
    expect(run.code).toBe(0);
    const direct = await w.withAgent(async (invoke, agent) => {
      await agent.sessionsRestored();
      return invoke('api.call', { zone: w.zoneIds['eu-1']!, operationId: 'kubernetes.list' });
    });
    expect(JSON.parse(run.stdout)).toEqual(direct.data);
    const one = await w.zonedeck([
      '--json',
      'api',
      'eu-1',
      'kubernetes.get',
      `id=${(direct.data as { items: { id: string }[] }).items[0]!.id}`,
    ]);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ name: 'demo' });
  });

  it('api prints a credential only with --reveal', async (ctx) => {
    need(ctx);
    const list = JSON.parse((await w.zonedeck(['api', 'eu-1', 'kubernetes.list'])).stdout) as {
      items: { id: string }[];
    };
    const id = list.items[0]!.id;
    const refused = await w.zonedeck(['api', 'eu-1', 'kubernetes.kubeconfig', `id=${id}`]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/answers with a credential; add --reveal/);
    const shown = await w.zonedeck(['api', 'eu-1', 'kubernetes.kubeconfig', `id=${id}`, '--reveal']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/apiVersion: v1/);
  });

  it('unknown zone, cluster and operation: one line with the closest names, exit 3', async (ctx) => {
    need(ctx);
    const zone = await w.zonedeck(['kubeconfig', 'eu-2/demo']);
    expect(zone.code).toBe(3);
    expect(zone.stderr).toBe('zonedeck: There is no zone “eu-2”. Closest: eu-1.\n');
    const cluster = await w.zonedeck(['kubeconfig', 'eu-1/dmeo']);
    expect(cluster.code).toBe(3);
    expect(cluster.stderr).toBe('zonedeck: There is no cluster “dmeo” in eu-1. Closest: demo.\n');
    const op = await w.zonedeck(['api', 'eu-1', 'kubernetes.lst']);
    expect(op.code).toBe(3);
    expect(op.stderr).toMatch(/^zonedeck: There is no operation “kubernetes\.lst”\. Closest: kubernetes\.list/);
    const json = await w.zonedeck(['--json', 'api', 'eu-1', 'kubernetes.lst']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'unknown_operation', exit: 3 } });
  });

  it('a signed-out zone says how to sign in, exit 4', async (ctx) => {
    need(ctx);
    const run = await w.zonedeck(['kubeconfig', 'us-1/demo']);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('zonedeck login us-1');
  });
});
