/** Credential replies read into labelled fields, in the sandbox's shape and a nested one; and the palette's workspace entries. */
import { describe, expect, it } from 'vitest';
import {
  credentialCards,
  credentialKinds,
  passwordOf,
  toCredentials,
} from '../../../../../src-renderer/features/workspaces/credentials/credential-fields';
import { grabItems, workspaceActions } from '../../../../../src-renderer/shell/palette-entries';
import { registerNavigation } from '../../../../../src-renderer/shell/areas';

registerNavigation();

describe('credentials', () => {
  it('reads the sandbox store reply: URLs as links, the password secret', () => {
    const f = toCredentials('store', {
      admin_email: 'admin@acme.example',
      admin_password: 'pw-1',
      admin_dashboard_url: 'https://admin-shop.example/app',
      storefront_url: 'https://shop.example',
      publishable_key: 'pk_1',
    });
    expect(f.map((x) => [x.label, x.value, x.secret, x.url])).toEqual([
      ['Admin dashboard', 'https://admin-shop.example/app', false, true],
      ['Storefront', 'https://shop.example', false, true],
      ['Admin email', 'admin@acme.example', false, false],
      ['Admin password', 'pw-1', true, false],
      ['Publishable key', 'pk_1', false, false],
    ]);
  });

  it('reads a nested CMS reply and keeps fields it does not know', () => {
    const reply = {
      site_url: 'https://site.example',
      admin: { url: 'https://site.example/admin', user: 'root', password: 'pw-2' },
      api_token: 't-1',
    };
    const f = toCredentials('cms', reply);
    expect(f.find((x) => x.label === 'Admin')?.value).toBe('https://site.example/admin');
    expect(f.find((x) => x.label === 'Admin user')?.value).toBe('root');
    expect(passwordOf('cms', reply)).toBe('pw-2');
    expect(f.find((x) => x.key === 'api_token')).toMatchObject({ label: 'Api token', secret: true });
  });

  it('asks for the template’s kind, or both when the zone does not say', () => {
    expect(credentialKinds('store')).toEqual(['store']);
    expect(credentialKinds('cms')).toEqual(['cms']);
    expect(credentialKinds(undefined)).toEqual(['store', 'cms']);
    expect(credentialKinds('blank')).toEqual([]);
  });
});

describe('credential cards', () => {
  const fields = toCredentials('cms', { admin_password: 'pw' });
  it('are masked until revealed: one card per kind asked', () => {
    expect(credentialCards(['store', 'cms'], null)).toEqual([{ kind: 'store' }, { kind: 'cms' }]);
  });

  it('with both kinds asked, show the one that answered and drop the wrong kind', () => {
    const cards = credentialCards(
      ['store', 'cms'],
      [
        { kind: 'store', notThisKind: true },
        { kind: 'cms', fields },
      ],
    );
    expect(cards).toEqual([{ kind: 'cms', fields }]);
  });

  it('say "not this kind" when it is the only card, and keep a failure beside an answer', () => {
    expect(credentialCards(['store'], [{ kind: 'store', notThisKind: true }])).toEqual([
      { kind: 'store', notThisKind: true },
    ]);
    const error = { status: 500, code: 'internal', message: 'boom' };
    expect(
      credentialCards(
        ['store', 'cms'],
        [
          { kind: 'store', error },
          { kind: 'cms', fields },
        ],
      ).map((c) => c.kind),
    ).toEqual(['store', 'cms']);
  });
});

describe('palette: workspaces', () => {
  it('opens a workspace found in the index where workspaces live', () => {
    const [w] = grabItems([{ zone: 'eu-1', zoneName: 'eu-1', kind: 'workspace', id: 'w1', name: 'shop' }]);
    expect(w).toMatchObject({
      label: 'shop · eu-1',
      hint: 'Workspace · open',
      action: { kind: 'open', zone: 'eu-1', area: 'workspaces', section: 'workspaces', id: 'w1' },
    });
  });

  it('offers the live URL and the admin password on the selected workspace only', () => {
    expect(workspaceActions(null)).toEqual([]);
    const ws = { zone: 'eu-1', zoneName: 'eu-1', id: 'w1', name: 'shop', template: 'store' };
    expect(workspaceActions(ws).map((i) => i.label)).toEqual(['Open live URL', 'Copy admin password']);
    expect(workspaceActions({ ...ws, template: 'blank' }).map((i) => i.label)).toEqual(['Open live URL']);
  });
});
