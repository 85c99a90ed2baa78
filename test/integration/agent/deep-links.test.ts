/** A deep link handed to the agent by its host waits for the window, which is told and takes it once. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import { RecordingConnection } from './harness';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-links-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps the last Zonedeck link for the window, tells it, and drops anything else', async () => {
  const agent = await createAgent({ dataDir, host: 'electron', version: 'test', memorySecrets: true });
  const conn = new RecordingConnection();
  const events: string[] = [];
  agent.onEvent((name) => events.push(name));
  const take = async () => {
    const r = await agent.invoke('app.takeLink', {}, conn);
    if (!r.ok) throw new Error(r.error.message);
    return r.result;
  };

  expect(await take()).toBeNull();
  expect(agent.openLink('https://example.com/zone/eu-1/containers')).toBe(false);
  expect(agent.openLink('zonedeck://zone/eu-1/containers/a%2F..')).toBe(false);
  expect(events).not.toContain('app.link');

  expect(agent.openLink('zonedeck://zone/eu-1/containers/c-1')).toBe(true);
  expect(agent.openLink('zonedeck://zone/us-1/clusters')).toBe(true); // the newer one wins
  expect(events.filter((e) => e === 'app.link')).toHaveLength(2);
  expect(await take()).toEqual({ zone: 'us-1', rest: ['clusters'] });
  expect(await take()).toBeNull(); // taken once
  await agent.dispose();
});
