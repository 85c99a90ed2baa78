import { describe, expect, it } from 'vitest';
import { deepLinkInArgv, parseDeepLink } from '../../../src-main/contract/deep-link';

describe('deep links', () => {
  it('reads the scheme form and the browser host’s fragment form alike', () => {
    const want = { zone: 'eu-1', rest: ['containers', 'c-123'] };
    expect(parseDeepLink('zonedeck://zone/eu-1/containers/c-123')).toEqual(want);
    expect(parseDeepLink('#/zone/eu-1/containers/c-123')).toEqual(want);
    expect(parseDeepLink('/zone/eu-1/containers/c-123/')).toEqual(want);
    expect(parseDeepLink('zonedeck://zone/eu-1/compute/containers/c-123?x=1')).toEqual({
      zone: 'eu-1',
      rest: ['compute', 'containers', 'c-123'],
    });
    // A part of an item after its id (a workflow's run), as a notification's click opens it.
    expect(parseDeepLink('zonedeck://zone/eu-1/workflows/wf-1/runs/r-9')).toEqual({
      zone: 'eu-1',
      rest: ['workflows', 'wf-1', 'runs', 'r-9'],
    });
    // The zone alone: its home page.
    expect(parseDeepLink('zonedeck://zone/eu-1')).toEqual({ zone: 'eu-1', rest: [] });
    expect(parseDeepLink('#/zone/eu-1/')).toEqual({ zone: 'eu-1', rest: [] });
  });

  it('decodes escaped names, and refuses what would smuggle a path or control characters', () => {
    expect(parseDeepLink('zonedeck://zone/Prod%20EU/workflows/support%20triage')).toEqual({
      zone: 'Prod EU',
      rest: ['workflows', 'support triage'],
    });
    for (const bad of [
      'zonedeck://zone/eu-1/containers/a%2F..%2Fb',
      'zonedeck://zone/eu-1/containers/%0Aid',
      'zonedeck://zone/eu-1/containers/%E0%A4%A',
      'zonedeck://zone/eu-1/a/b/c/d/e',
      'zonedeck://other/eu-1/containers',
      'https://zone/eu-1/containers/x',
      `zonedeck://zone/eu-1/containers/${'x'.repeat(3000)}`,
      'zonedeck://zone//containers',
    ])
      expect(parseDeepLink(bad), bad).toBeNull();
  });

  it('refuses run and workflow ids that are not plausible identifiers (issue #35, item 5)', () => {
    const ids = [
      '.',
      '..',
      '%2e',
      '%2e%2e',
      '%2E.',
      '%252e',
      '%252e%252e',
      '%25252e',
      'a%252fb',
      '__proto__',
      'constructor',
      'prototype',
      'r%E2%80%AE1-nur', // RIGHT-TO-LEFT OVERRIDE
      'r%E2%81%A61', // LEFT-TO-RIGHT ISOLATE
      'r%E2%80%8B1', // ZERO WIDTH SPACE
      'r%C2%851', // NEXT LINE (C1)
      'r%7F1',
      '%20r1',
      'x'.repeat(129),
      'x'.repeat(199),
    ];
    for (const id of ids) {
      for (const link of [
        `zonedeck://zone/eu-1/workflows/${id}`,
        `zonedeck://zone/eu-1/workflows/wf-1/runs/${id}`,
        `#/zone/eu-1/workflows/wf-1/runs/${id}`,
        `zonedeck://zone/${id}/workflows/wf-1`,
      ])
        expect(parseDeepLink(link), link).toBeNull();
    }
    // Plausible ones still open, up to the bound.
    expect(parseDeepLink(`zonedeck://zone/eu-1/workflows/wf-1/runs/${'r'.repeat(128)}`)?.rest[3]).toHaveLength(128);
    expect(parseDeepLink('zonedeck://zone/eu-1/workflows/wf.1/runs/run_2024-01-01T00:00')).not.toBeNull();
  });

  it('finds the link among a second instance’s arguments', () => {
    expect(deepLinkInArgv(['/opt/Zonedeck/zonedeck', '--no-sandbox', 'zonedeck://zone/eu-1/clusters'])).toBe(
      'zonedeck://zone/eu-1/clusters',
    );
    expect(deepLinkInArgv(['/opt/Zonedeck/zonedeck'])).toBeNull();
  });
});
