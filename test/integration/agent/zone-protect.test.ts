/**
 * Marking a zone protected through the agent's own command: the flag is stored and listed, the
 * session is kept (protection is the app's, not the zone's), and the schema refuses anything but
 * a boolean, naming the field.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from './harness';

type H = Awaited<ReturnType<typeof harness>>;
let h: H | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('zones.update protected', () => {
  it('marks and unmarks a zone, keeping its session, and refuses a value that is not a boolean', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    expect(zone.protected).toBe(false);
    const marked = await h.invoke('zones.update', { id: zone.id, protected: true });
    expect(marked).toMatchObject({ id: zone.id, protected: true, name: zone.name, baseUrl: zone.baseUrl });
    const listed = (await h.invoke('zones.list', {})).find((z) => z.id === zone.id)!;
    expect(listed).toMatchObject({ protected: true, session: { state: 'signed_in' } });
    // The agent itself never refuses a change: the renderer asks for the name before sending.
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });

    const bad = await h
      .invoke('zones.update', { id: zone.id, protected: 'yes' as unknown as boolean })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_input' });
    expect(JSON.stringify(bad)).toMatch(/protected/);

    expect((await h.invoke('zones.update', { id: zone.id, protected: false })).protected).toBe(false);
  });
});
