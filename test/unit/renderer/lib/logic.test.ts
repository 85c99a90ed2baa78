import { describe, expect, it } from 'vitest';
import type { SandboxMail, ZoneView } from '../../../../src-main/contract/commands';
import {
  keepSelection,
  nextColor,
  shortName,
  validateBaseUrl,
  withSession,
  ZONE_COLORS,
} from '../../../../src-renderer/lib/zone-helpers';
import { mergeMail } from '../../../../src-renderer/lib/mail-merge';
import { filterPalette, paletteItems } from '../../../../src-renderer/shell/palette-entries';
import { describeVerifyError, normaliseCode } from '../../../../src-renderer/features/identity/mfa';
import { clock, relativeTime } from '../../../../src-renderer/lib/time';
import { nextStep, smallPrint } from '../../../../src-renderer/lib/errors';
import { builtSections, findArea, findSection } from '../../../../src-renderer/state/navigation';
import { registerNavigation } from '../../../../src-renderer/shell/areas';

registerNavigation();

const zone = (id: string, color = '#000000'): ZoneView => ({
  id,
  name: id,
  baseUrl: `https://${id}.example`,
  color,
  sandbox: false,
  protected: false,
  session: { state: 'signed_out' },
});

describe('zones logic', () => {
  it('shortens names for the rail', () => {
    expect(shortName('eu-1')).toBe('eu-1');
    expect(shortName('Production EU')).toBe('PE');
    expect(shortName('staging')).toBe('stag');
  });
  it('merges a session event into the one zone it names', () => {
    const zones = [zone('a'), zone('b')];
    const next = withSession(zones, 'b', { state: 'signed_in', email: 'd@example.com' });
    expect(next[0]).toBe(zones[0]);
    expect(next[1]!.session).toEqual({ state: 'signed_in', email: 'd@example.com' });
  });
  it('keeps the selection while the zone exists, else falls back to the first', () => {
    expect(keepSelection([zone('a'), zone('b')], 'b')).toBe('b');
    expect(keepSelection([zone('a')], 'gone')).toBe('a');
    expect(keepSelection([], 'a')).toBeNull();
  });
  it('offers an unused colour', () => {
    expect(nextColor([zone('a', ZONE_COLORS[0])])).toBe(ZONE_COLORS[1]);
  });
  it('validates base URLs', () => {
    expect(validateBaseUrl('https://eu-1.example.com')).toBeNull();
    expect(validateBaseUrl('ftp://x')).toMatch(/http/);
    expect(validateBaseUrl('eu-1')).toMatch(/full address/);
  });
});

describe('mergeMail', () => {
  const m = (id: string, at: string): SandboxMail => ({
    id,
    to: 'd@example.com',
    subject: 's',
    body: 'b',
    sent_at: at,
  });
  it('sorts newest first and drops duplicates', () => {
    const out = mergeMail(
      [m('1', '2024-01-01T00:00:00Z')],
      [m('2', '2024-01-02T00:00:00Z'), m('1', '2024-01-01T00:00:00Z')],
    );
    expect(out.map((x) => x.id)).toEqual(['2', '1']);
  });
});

describe('palette', () => {
  const items = paletteItems([
    { id: 'eu-1', name: 'eu-1', signedIn: true },
    { id: 'us-1', name: 'us-1', signedIn: false },
  ]);
  it('lists zones, every section per zone and commands', () => {
    expect(items.some((i) => i.label === 'eu-1 › Compute › Containers')).toBe(true);
    expect(items.some((i) => i.action.kind === 'add-zone')).toBe(true);
    expect(filterPalette(items, 'log folder')[0]).toMatchObject({
      label: 'Open log folder',
      action: { kind: 'open-log-folder' },
    });
  });
  it('filters by every term and ranks the tighter match first', () => {
    const out = filterPalette(items, 'us cont');
    expect(out[0]!.label).toBe('us-1 › Compute › Containers');
    expect(filterPalette(items, 'zzz')).toEqual([]);
  });
});

describe('second-factor step', () => {
  it('cleans pasted codes but keeps recovery codes intact', () => {
    expect(normaliseCode(' 123 456\n')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
    expect(normaliseCode('RC-ABCDE-12345')).toBe('rc-abcde-12345');
  });
  it('words verify failures', () => {
    expect(
      describeVerifyError({ status: 401, code: 'invalid_code', message: 'x', details: { attempts_left: 2 } }, 0),
    ).toBe('Wrong code — 2 attempts left');
    expect(
      describeVerifyError({ status: 401, code: 'invalid_code', message: 'x', details: { attempts_left: 1 } }, 0),
    ).toBe('Wrong code — 1 attempt left');
    expect(describeVerifyError({ status: 429, code: 'retry_later', message: 'x' }, 65)).toBe(
      'Too many attempts. Try again in 1:05.',
    );
    expect(describeVerifyError({ status: 500, code: 'secret_encryption_not_configured', message: 'x' }, 0)).toMatch(
      /secret encryption/,
    );
    expect(describeVerifyError({ status: 400, code: 'other', message: 'Plain words' }, 0)).toBe('Plain words');
  });
});

describe('time and errors', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  it('words relative times', () => {
    expect(relativeTime(new Date(now - 5_000), now)).toBe('just now');
    expect(relativeTime(new Date(now - 3 * 60_000), now)).toBe('3 min ago');
    expect(relativeTime(new Date(now - 2 * 86_400_000), now)).toBe('2 d ago');
    expect(relativeTime(new Date(now + 3_600_000), now)).toBe('in 1 h');
    expect(relativeTime(undefined, now)).toBe('—');
    expect(clock(27)).toBe('0:27');
  });
  it('prints status and next steps', () => {
    expect(smallPrint({ status: 503, code: 'unavailable', message: '' })).toBe('HTTP 503 · unavailable');
    expect(smallPrint({ status: 0, code: 'network_error', message: '' })).toBe('network_error');
    expect(nextStep({ status: 0, code: 'tls_error', message: '' })).toMatch(/CA file/);
  });
  it('knows which sections have screens', () => {
    // Each area adds its screens; these must be among them.
    expect(builtSections().map((b) => b.section.id)).toEqual(
      expect.arrayContaining([
        'containers',
        'disks',
        'clusters',
        'public-ips',
        'vpn-gateways',
        'deploy-servers',
        'limits',
      ]),
    );
    expect(findSection(findArea('compute')!, 'nope').id).toBe('containers');
  });
});
