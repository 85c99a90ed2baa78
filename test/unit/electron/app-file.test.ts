/** The app scheme's file lookup (app-file.ts): what it serves is under the renderer's folder, and nothing else. */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, appFileFor } from '../../../src-main/electron/app-file';

const root = resolve('/opt/zonedeck/out/renderer');

describe('appFileFor', () => {
  it('names the files of the built renderer, the page for the bare origin', () => {
    expect(appFileFor(`${APP_ORIGIN}/index.html`, root)).toBe(join(root, 'index.html'));
    expect(appFileFor(`${APP_ORIGIN}/`, root)).toBe(join(root, 'index.html'));
    expect(appFileFor(`${APP_ORIGIN}/assets/index-F0u.js?x=1#h`, root)).toBe(join(root, 'assets', 'index-F0u.js'));
    expect(appFileFor(`${APP_ORIGIN}/assets/a%20b.js`, root)).toBe(join(root, 'assets', 'a b.js'));
    // The URL itself drops dot segments at the root, so they stay inside.
    expect(appFileFor(`${APP_ORIGIN}/../../main/index.js`, root)).toBe(join(root, 'main', 'index.js'));
    expect(appFileFor(`${APP_ORIGIN}/assets/%2e%2e/%2e%2e/main/index.js`, root)).toBe(join(root, 'main', 'index.js'));
  });

  it('names nothing outside it: no climbing out, no encoded separators, no other host or scheme', () => {
    for (const url of [
      `${APP_ORIGIN}/assets/%2e%2e%2f%2e%2e%2fmain%2findex.js`,
      `${APP_ORIGIN}/assets%2f..%2f..%2fmain%2findex.js`,
      `${APP_ORIGIN}/assets%5c..%5c..%5cmain.js`,
      `${APP_ORIGIN}/a%00.js`,
      `${APP_ORIGIN}/%E0%A4%A`,
      'zonedeck-app://other/index.html',
      'file:///opt/zonedeck/out/renderer/index.html',
      'zonedeck://app/index.html',
      'not a url',
    ]) {
      expect(appFileFor(url, root), url).toBeNull();
    }
  });
});
