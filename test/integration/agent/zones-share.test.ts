/**
 * Sharing zone definitions: one agent exports its zone list, another plans and applies the import.
 * Real agents with their own data folders; the file carries no secret, a plan changes nothing, and
 * conflicts are taken only when named.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/contract/commands';
import { AgentError } from '../../../src-main/contract/errors';
import { RecordingConnection } from './harness';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function anAgent() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-share-'));
  dirs.push(dataDir);
  const agent = await createAgent({ dataDir, host: 'browser', version: 'test', memorySecrets: true });
  const conn = new RecordingConnection();
  return async function invoke<C extends CommandName>(c: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
    const reply = await agent.invoke(c, input, conn);
    if (!reply.ok) throw AgentError.from(reply.error);
    return reply.result as CommandOutput<C>;
  };
}

describe('zones file: export and import', () => {
  it('exports names, addresses, colours and CA paths only, and imports them into another agent', async () => {
    const a = await anAgent();
    await a('zones.add', { name: 'eu-1', baseUrl: 'https://eu-1.example.com', color: '#2f81f7' });
    await a('zones.add', { name: 'us-1', baseUrl: 'https://us-1.example.com', color: '#3fb950' });
    await a('zones.add', { name: 'staging', baseUrl: 'https://staging.example.com' });
    const { fileName, text } = await a('zones.export', {});
    expect(fileName).toBe('zonedeck-zones.json');
    const doc = JSON.parse(text) as { format: string; zones: Record<string, unknown>[] };
    expect(doc.format).toBe('zonedeck.zones');
    expect(doc.zones.map((z) => z.name)).toEqual(['eu-1', 'us-1', 'staging']);
    for (const z of doc.zones) expect(Object.keys(z).sort()).toEqual(['baseUrl', 'color', 'name']);

    const b = await anAgent();
    await b('zones.add', { name: 'EU-1', baseUrl: 'https://eu-1.example.com', color: '#d29922' }); // same, other colour
    await b('zones.add', { name: 'us-1', baseUrl: 'https://us-1-old.example.com' }); // moved: a conflict
    await b('zones.add', { name: 'mine', baseUrl: 'https://staging.example.com' }); // the file's address is taken

    const { plan } = await b('zones.import', { text, apply: false });
    expect(plan.added).toEqual([]);
    expect(plan.changed.map((c) => [c.name, c.color])).toEqual([['eu-1', '#2f81f7']]);
    expect(plan.conflicts.map((c) => [c.name, c.currentBaseUrl, c.baseUrl])).toEqual([
      ['us-1', 'https://us-1-old.example.com', 'https://us-1.example.com'],
    ]);
    expect(plan.skipped).toEqual([{ name: 'staging', reason: 'its address is already used by mine' }]);
    // Planning changed nothing.
    expect((await b('zones.list', {})).find((z) => z.name === 'us-1')?.baseUrl).toBe('https://us-1-old.example.com');

    // Applied without taking the conflict: us-1 keeps its address.
    const first = await b('zones.import', { text, apply: true });
    expect(first.applied).toEqual(['eu-1']);
    let zones = await b('zones.list', {});
    expect(zones.find((z) => z.name === 'EU-1')?.color).toBe('#2f81f7');
    expect(zones.find((z) => z.name === 'us-1')?.baseUrl).toBe('https://us-1-old.example.com');

    const second = await b('zones.import', { text, apply: true, take: ['us-1'] });
    expect(second.applied).toEqual(['us-1']);
    zones = await b('zones.list', {});
    expect(zones.find((z) => z.name === 'us-1')?.baseUrl).toBe('https://us-1.example.com');
    expect(zones).toHaveLength(3);
  });

  it('adds new zones, leaving out a CA file this computer does not have, and skips bad entries with a reason', async () => {
    const b = await anAgent();
    const text = JSON.stringify({
      format: 'zonedeck.zones',
      version: 1,
      zones: [
        { name: 'prod', baseUrl: 'https://prod.example.com', caFile: '/nowhere/ca.pem', groups: ['production'] },
        { name: 'plain', baseUrl: 'http://plain.example.com' },
        { name: '', baseUrl: 'https://x.example.com' },
        { name: 'prod', baseUrl: 'https://prod2.example.com' },
        'not an entry',
      ],
    });
    const { plan, applied } = await b('zones.import', { text, apply: true });
    expect(applied).toEqual(['prod']);
    expect(plan.added[0]).toMatchObject({ name: 'prod', baseUrl: 'https://prod.example.com' });
    expect(plan.added[0]!.caFile).toBeUndefined();
    expect(plan.added[0]!.note).toMatch(/\/nowhere\/ca\.pem is not usable on this computer/);
    expect(plan.skipped.map((s) => s.name)).toEqual(['plain', 'entry 3', 'prod', 'entry 5']);
    expect(plan.skipped[2]!.reason).toBe('listed twice in the file');
    expect((await b('zones.list', {})).map((z) => z.name)).toEqual(['prod']);
  });

  it('refuses what is not a zones file, in words, and changes nothing', async () => {
    const b = await anAgent();
    const refusals: [string, RegExp][] = [
      ['{"zones": [', /not JSON/],
      [JSON.stringify({ zones: [] }), /not a Zonedeck zones file/],
      [JSON.stringify({ format: 'zonedeck.zones', version: 1, zones: new Array(501).fill({}) }), /at most 500/],
    ];
    for (const [text, words] of refusals) {
      await expect(b('zones.import', { text, apply: true })).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(words) as unknown,
      });
    }
    await expect(b('zones.import', { text: 'x'.repeat(300 * 1024), apply: false })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(await b('zones.list', {})).toEqual([]);
  });
  it('carries groups: set through the commands, exported, imported into another agent, cleared with null', async () => {
    const a = await anAgent();
    const eu = await a('zones.add', { name: 'eu-1', baseUrl: 'https://eu-1.example.com', group: 'staging' });
    await a('zones.add', { name: 'us-1', baseUrl: 'https://us-1.example.com' });
    expect(eu.group).toBe('staging');
    expect((await a('zones.update', { id: 'us-1', group: ' production ' })).group).toBe('production');
    await expect(a('zones.update', { id: 'us-1', group: 'p'.repeat(41) })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const { text } = await a('zones.export', {});
    const doc = JSON.parse(text) as { zones: { name: string; group?: string }[] };
    expect(doc.zones.map((z) => [z.name, z.group])).toEqual([
      ['eu-1', 'staging'],
      ['us-1', 'production'],
    ]);

    const b = await anAgent();
    await b('zones.add', { name: 'us-1', baseUrl: 'https://us-1.example.com' });
    const { plan, applied } = await b('zones.import', { text, apply: true });
    expect(plan.changed.map((c) => [c.name, c.group])).toEqual([['us-1', 'production']]);
    expect(applied).toEqual(['eu-1', 'us-1']);
    expect((await b('zones.list', {})).map((z) => [z.name, z.group])).toEqual([
      ['us-1', 'production'],
      ['eu-1', 'staging'],
    ]);
    expect((await b('zones.update', { id: 'eu-1', group: null })).group).toBeUndefined();
  });
});
