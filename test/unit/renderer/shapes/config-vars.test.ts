/**
 * Shape matrix of config vars: every reply shape read, written back in the same shape, and what
 * the zone kept compared with what was sent (no edit lost to a reply).
 */
import { describe, expect, it } from 'vitest';
import {
  appliedLive,
  DEFAULT_SHAPE,
  readVars,
  varsDiffer,
  varsWords,
  writeVars,
} from '../../../../src-renderer/features/compute/shapes/config-vars';

const VARS = { A: '1', B: 'two' };

describe('config vars in every shape', () => {
  it.each([
    [{ config_vars: { A: '1', B: 'two' } }],
    [{ vars: { A: '1', B: 'two' } }],
    [{ env: { A: 1, B: 'two' } }],
    [
      {
        environment: [
          { key: 'A', value: '1' },
          { key: 'B', value: 'two' },
        ],
      },
    ],
    [
      {
        vars: [
          { name: 'A', value: '1' },
          { name: 'B', value: 'two' },
        ],
      },
    ],
    [{ A: '1', B: 'two' }],
    [
      [
        { name: 'A', value: '1' },
        { name: 'B', value: 'two' },
      ],
    ],
  ])('reads %j and writes it back in the same shape', (reply) => {
    const r = readVars(reply)!;
    expect(r.vars).toEqual(VARS);
    // Normalise numbers as text, then the body written equals the shape read.
    const again = readVars(writeVars(r.vars, r.shape))!;
    expect(again.vars).toEqual(VARS);
    expect(again.shape).toEqual(r.shape);
    expect(JSON.stringify(writeVars(r.vars, r.shape))).toBe(JSON.stringify(reply).replace('"A":1', '"A":"1"'));
  });

  it('writes the default shape when the GET said nothing readable', () => {
    expect(readVars('nope')).toBeUndefined();
    expect(readVars({ nested: { x: 1 }, other: [] })).toBeUndefined();
    expect(writeVars(VARS, DEFAULT_SHAPE)).toEqual({ config_vars: VARS });
  });

  it('compares what the zone kept with what was sent', () => {
    expect(varsDiffer(VARS, { A: '1', B: 'two' })).toEqual([]);
    expect(varsDiffer(VARS, { A: '1' })).toEqual(['B']);
    expect(varsDiffer(VARS, { A: '1', B: 'TWO', C: 'x' })).toEqual(['B', 'C']);
  });

  it('tells the agent the envelope’s role: firm when the GET answered in it, none for a bare map', () => {
    expect(varsWords({ under: 'env', form: 'map' }, true)).toEqual({
      body: {
        env: {
          role: 'config_vars',
          alts: ['config_vars', 'vars', 'environment', 'variables', 'configVars'],
          firm: true,
        },
      },
    });
    expect(varsWords(DEFAULT_SHAPE, false)?.body?.config_vars?.firm).toBeUndefined();
    expect(varsWords({ under: undefined, form: 'map' }, true)).toBeUndefined();
  });

  it('reads "applied live" only when the zone says it', () => {
    expect(appliedLive({ applied_live: true })).toBe(true);
    expect(appliedLive({ live: false })).toBe(false);
    expect(appliedLive({ ok: true })).toBeUndefined();
  });
});
