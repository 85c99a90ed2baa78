/**
 * The in-app sandbox's dialect knob: ZONEDECK_SANDBOX_DIALECT=seed:N starts every zone in that
 * seeded dialect (the e2e journeys run this way); a value that names no dialect is ignored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxRunner } from '../../../src-main/sandbox/runner';
import { call } from './helpers';

const saved = process.env.ZONEDECK_SANDBOX_DIALECT;
afterEach(() => {
  if (saved === undefined) delete process.env.ZONEDECK_SANDBOX_DIALECT;
  else process.env.ZONEDECK_SANDBOX_DIALECT = saved;
});

async function dialectsWith(value: string): Promise<string[]> {
  process.env.ZONEDECK_SANDBOX_DIALECT = value;
  const runner = createSandboxRunner();
  try {
    const zones = await runner.start();
    return await Promise.all(
      zones.map(async (z) => (await call(z.baseUrl, '/_sandbox/dialect')).body.dialect as string),
    );
  } finally {
    await runner.stop();
  }
}

describe('ZONEDECK_SANDBOX_DIALECT', () => {
  it('starts every zone in a seeded dialect', async () => {
    expect(await dialectsWith('seed:10315')).toEqual(['seed:10315', 'seed:10315']);
  });

  it('starts every zone in a random or a style dialect', async () => {
    expect(await dialectsWith('random:77')).toEqual(['random:77', 'random:77']);
    expect(await dialectsWith('style:k8s')).toEqual(['style:k8s', 'style:k8s']);
  });

  it('ignores a value that names no dialect', async () => {
    expect(await dialectsWith('seed:ten')).toEqual(['standard', 'standard']);
  });
});
