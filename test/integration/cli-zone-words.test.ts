/**
 * The command line against zones in words no list holds: a Kubernetes-style zone and one whose
 * every field is a random name. It finds records through the same dictionary as the window —
 * inferred by value, kept for the zone across commands (a kind read once helps read the next),
 * shown and fixed with `zonedeck fields` — and says in one line what it could not read.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWorld, type CliWorld, cliGate } from '../support/cli-world';
import { loopbackFetch } from '../support/loopback-fetch';

const keychain = await cliGate('CLI ZONE WORDS TESTS');
const need = keychain.need;

let w: CliWorld;
/** The random zone's own names for the standard fields (what a person reads off a record). */
let words: Record<string, string>;
beforeAll(async () => {
  if (!keychain.ok) return;
  w = await cliWorld({
    signIn: ['eu-1', 'us-1'],
    zones: [
      { id: 'eu-1', dialect: 'random:5' },
      { id: 'us-1', dialect: 'style:k8s' },
    ],
  });
  const res = await loopbackFetch(`${w.sandbox.zones[0]!.baseUrl}/_sandbox/dialect`);
  words = ((await res.json()) as { renaming: { map: Record<string, string> } }).renaming.map;
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe('zonedeck against zones in other words', { timeout: 120_000 }, () => {
  it('grabs a kubeconfig and saves a VPN profile from a Kubernetes-style zone', async (ctx) => {
    need(ctx);
    const kube = await w.zonedeck(['kubeconfig', 'us-1/demo']);
    expect(kube.stderr).toContain('Wrote');
    expect(kube.code).toBe(0);
    expect(existsSync(path.join(w.home, '.kube', 'zonedeck', 'us-1-demo.yaml'))).toBe(true);
    const vpn = await w.zonedeck(['vpn', 'us-1/office', '-d', w.home]);
    expect(vpn.code).toBe(0);
    const fields = await w.zonedeck(['fields', 'us-1', 'cluster']);
    expect(fields.stdout).toMatch(/cluster\s+name\s+metadata\.name\s+inferred/);
  });

  it('reads a zone of random names by value, keeps what it inferred, and takes a person’s choice', async (ctx) => {
    need(ctx);
    const kube = await w.zonedeck(['kubeconfig', 'eu-1/demo']);
    expect(kube.stderr).toContain('Wrote');
    expect(kube.code).toBe(0);
    const logs = await w.zonedeck(['logs', 'eu-1/web-1', '-n', '5']);
    expect(logs.code).toBe(0);
    // What the reads inferred is the zone's, for the next command and the app alike.
    const seen = (await w.zonedeck(['fields', 'eu-1'])).stdout;
    expect(seen).toMatch(new RegExp(`cluster\\s+id\\s+${words.id}\\s+inferred`));
    expect(seen).toMatch(new RegExp(`container\\s+name\\s+${words.name}\\s+inferred`));

    // A person's choice holds over inference, even a poor one: the clusters are then named by their ids.
    const chosen = await w.zonedeck(['fields', 'eu-1', 'cluster', `name=${words.id}`]);
    expect(chosen.stdout).toMatch(new RegExp(`cluster\\s+name\\s+${words.id}\\s+chosen`));
    const miss = await w.zonedeck(['kubeconfig', 'eu-1/demo']);
    expect(miss.code).toBe(3);
    expect(miss.stderr).toMatch(/There is no cluster “demo” in eu-1/);
    const json = JSON.parse((await w.zonedeck(['--json', 'fields', 'eu-1'])).stdout) as {
      dictionary: { kinds: Record<string, { read: Record<string, { from: string }> }> };
    };
    expect(json.dictionary.kinds.cluster!.read.name!.from).toBe('chosen');

    // Forgotten on request: inferred again at the next read.
    const reset = await w.zonedeck(['fields', 'eu-1', 'cluster', '--reset']);
    expect(reset.stdout).not.toContain('chosen');
    expect((await w.zonedeck(['kubeconfig', 'eu-1/demo', '--stdout'])).code).toBe(0);
    const bad = await w.zonedeck(['fields', 'eu-1', 'cluster', 'name=__proto__']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a field/);
  });
});
