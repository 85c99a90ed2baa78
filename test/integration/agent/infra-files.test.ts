/** Kubeconfig and VPN profile commands against the real sandbox: files on disk, 0600, kubectl reads them. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubectl } from '../files/kubectl';
import { harness } from './harness';

type Kc = {
  contexts: { name: string; context: { cluster: string; user: string } }[];
  clusters: { name: string }[];
  'current-context'?: string;
};
const modeOf = (p: string) => statSync(p).mode & 0o777;

// A developer's KUBECONFIG must never be the merge target of a test.
delete process.env.KUBECONFIG;

describe('infra file commands', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-infra-home-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let clusterId: string;
  let pickedSave: string | null = null;

  beforeAll(async () => {
    h = await harness(
      {},
      { homeDir: home, pickFolder: async () => path.join(home, 'picked'), pickSavePath: async () => pickedSave },
    );
    await h.addAndSignIn('eu-1');
    await h.addAndSignIn('us-1');
    const list = await h.invoke('api.call', { zone: 'eu-1', operationId: 'kubernetes.list' });
    clusterId = (list.data as { items: { id: string; name: string }[] }).items.find((c) => c.name === 'demo')!.id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('says where files go', async () => {
    const info = await h.invoke('infra.files', {});
    expect(info.kubeconfigDir).toBe(path.join(home, '.kube', 'zonedeck'));
    expect(info.downloadsDir).toBe(path.join(home, 'Downloads'));
    expect(info.nativeDialogs).toBe(true);
  });

  it('downloads a kubeconfig to ~/.kube/zonedeck/<zone>-<cluster>.yaml, 0600, renamed and current', async () => {
    const saved = await h.invoke('kubeconfig.save', { zone: 'eu-1', clusterId });
    expect(saved.path).toBe(path.join(home, '.kube', 'zonedeck', 'eu-1-demo.yaml'));
    expect(saved.exportCommand).toBe(`export KUBECONFIG=${saved.path}`);
    expect(saved.kubectlCommand).toContain(`--kubeconfig ${saved.path}`);
    expect(modeOf(saved.path)).toBe(0o600);
    const kc = parse(readFileSync(saved.path, 'utf8')) as Kc;
    expect(kc['current-context']).toBe('eu-1-demo');
    expect(kc.contexts).toEqual([{ name: 'eu-1-demo', context: { cluster: 'eu-1-demo', user: 'eu-1-demo' } }]);
    const view = kubectl(['config', 'get-contexts', '-o', 'name', '--kubeconfig', saved.path], { HOME: home });
    if (view) expect(view.stdout.trim()).toBe('eu-1-demo');
  });

  it('merges into ~/.kube/config with a backup, keeping what was there, and sets the context current when asked', async () => {
    const config = path.join(home, '.kube', 'config');
    const original =
      'apiVersion: v1\nkind: Config\n# mine\nclusters:\n- name: mine\n  cluster: {server: "https://mine:6443"}\ncontexts:\n- name: mine\n  context: {cluster: mine, user: mine}\ncurrent-context: mine\nusers:\n- name: mine\n  user: {token: abc}\n';
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, original, { mode: 0o644 });
    const first = await h.invoke('kubeconfig.merge', { zone: 'eu-1', clusterId, clusterName: 'demo' });
    expect(first.target).toBe(config);
    expect(first.context).toBe('eu-1-demo');
    expect(readFileSync(first.backup!, 'utf8')).toBe(original);
    let kc = parse(readFileSync(config, 'utf8')) as Kc;
    expect(kc['current-context']).toBe('mine');
    expect(kc.contexts.map((c) => c.name)).toEqual(['mine', 'eu-1-demo']);
    expect(readFileSync(config, 'utf8')).toContain('# mine');
    expect(modeOf(config)).toBe(0o600);

    const second = await h.invoke('kubeconfig.merge', { zone: 'eu-1', clusterId, setCurrent: true });
    expect(second.replaced).toBe(true);
    kc = parse(readFileSync(config, 'utf8')) as Kc;
    expect(kc['current-context']).toBe('eu-1-demo');
    expect(kc.contexts.map((c) => c.name)).toEqual(['mine', 'eu-1-demo']);
    const ctx = kubectl(['config', 'current-context'], { HOME: home });
    if (ctx) expect(ctx.stdout.trim()).toBe('eu-1-demo');
  });

  it('saves a copy where the person chose, or does nothing when the dialog is cancelled', async () => {
    pickedSave = null;
    expect(await h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId })).toBeNull();
    pickedSave = path.join(home, 'elsewhere', 'demo.yaml');
    const viaDialog = await h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId });
    expect(viaDialog?.path).toBe(pickedSave);
    const typed = await h.invoke('kubeconfig.saveAs', { zone: 'eu-1', clusterId, path: '~/typed/kc.yaml' });
    expect(typed?.path).toBe(path.join(home, 'typed', 'kc.yaml'));
    expect(modeOf(typed!.path)).toBe(0o600);
  });

  it('saves the VPN profile to Downloads as <zone>-<name>.conf, 0600, never replacing one', async () => {
    const list = await h.invoke('api.call', { zone: 'eu-1', operationId: 'vpnGateways.list' });
    const gw = (list.data as { items: { id: string; name: string }[] }).items.find((g) => g.name === 'office')!;
    const a = await h.invoke('vpn.saveProfile', { zone: 'eu-1', gatewayId: gw.id });
    expect(a?.path).toBe(path.join(home, 'Downloads', 'eu-1-office.conf'));
    expect(modeOf(a!.path)).toBe(0o600);
    expect(readFileSync(a!.path, 'utf8')).toMatch(
      /\[Interface\][\s\S]*PrivateKey = [\s\S]*\[Peer\][\s\S]*AllowedIPs = 10\.8\.0\.0\/24/,
    );
    const b = await h.invoke('vpn.saveProfile', { zone: 'eu-1', gatewayId: gw.id });
    expect(b?.path).toBe(path.join(home, 'Downloads', 'eu-1-office (2).conf'));
    const picked = await h.invoke('vpn.saveProfile', { zone: 'eu-1', gatewayId: gw.id, pick: true });
    expect(picked?.path).toBe(path.join(home, 'picked', 'eu-1-office.conf'));
    expect(readdirSync(path.join(home, 'Downloads')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('indexes clusters, gateways, workflows, skills and workspaces of every signed-in zone for the palette', async () => {
    const index = await h.invoke('grab.index', {});
    expect(index.failures).toEqual([]);
    const keys = index.items.map((i) => `${i.zone}/${i.kind}/${i.name}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'eu-1/cluster/demo',
        'us-1/cluster/demo',
        'eu-1/vpn-gateway/office',
        'us-1/vpn-gateway/office',
        'eu-1/workflow/triage',
        'us-1/workflow/triage',
        'eu-1/skill/summarize',
        'us-1/skill/summarize',
        'eu-1/workspace/shop',
        'us-1/workspace/company-site',
      ]),
    );
    expect(index.items.find((i) => i.kind === 'workspace' && i.name === 'company-site')?.template).toBe('cms');
  });

  it('explains a refused download in words', async () => {
    const err = await h
      .invoke('kubeconfig.save', {
        zone: 'eu-1',
        clusterId: '00000000-0000-4000-8000-000000000000',
        clusterName: 'ghost',
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404 });
  });
});
