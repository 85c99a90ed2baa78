/**
 * The skills screen end to end in Chromium against the sandbox, by accessible names: edit and
 * save with Ctrl+S, the SKILL.md preview and its front matter check, upload by drop, save to a
 * folder on disk (content and mode), and a file changed on the zone shown as a diff before overwrite.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, shoot, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { closeTab, editorOf, replaceText, shownText, skillIdByName, zoneFile } from './support/skill-steps';

const chrome = chromiumOrSkip();
const modeOf = (p: string) => statSync(p).mode & 0o777;
const GOOD =
  '---\nname: summarize\ndescription: Summarises long documents.\n---\n# Summarize\n\nWrite **five** bullet points.\n';

describe.runIf(chrome)('skills', () => {
  let app: AppUnderTest;
  let base: string;
  let token: string;
  let skillId: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    token = await sandboxToken(base);
    skillId = await skillIdByName(base, token, 'summarize');
    await openSection(app.page, 'Workflows', 'Skills');
  });
  afterAll(async () => app?.close());

  it('previews SKILL.md, flags its missing front matter, saves with Ctrl+S, and reopens with the saved text', async () => {
    const { page } = app;
    await page.getByRole('list', { name: 'Skill list' }).getByRole('button', { name: 'summarize' }).waitFor();
    const files = page.getByRole('tree', { name: 'Files' });
    await files.getByRole('treeitem', { name: 'SKILL.md' }).click();
    const preview = page.getByRole('region', { name: 'Preview of SKILL.md' });
    await preview.getByRole('heading', { name: 'Summarize' }).waitFor();
    await preview
      .getByRole('alert', { name: 'Front matter problems' })
      .getByText(/No front matter/)
      .waitFor();

    await replaceText(page, 'SKILL.md', GOOD);
    await page.getByRole('tab', { name: 'SKILL.md, unsaved' }).waitFor();
    await preview.getByRole('status', { name: 'Front matter' }).getByText('Front matter is valid').waitFor();
    await page.keyboard.press('ControlOrMeta+S');
    await page.getByRole('tab', { name: 'SKILL.md', exact: true }).waitFor();
    await expect.poll(() => zoneFile(base, token, skillId, 'SKILL.md')).toBe(GOOD);

    await closeTab(page, 'SKILL.md');
    await editorOf(page, 'SKILL.md').waitFor({ state: 'detached' });
    await files.getByRole('treeitem', { name: 'SKILL.md' }).click();
    await expect.poll(() => shownText(page, 'SKILL.md')).toContain('description: Summarises long documents.');
    await preview.locator('strong', { hasText: 'five' }).waitFor();
    await shoot(page, 'skills-editor');
  });

  it('flags broken front matter as you type, and sanitises the preview', async () => {
    const { page } = app;
    await replaceText(
      page,
      'SKILL.md',
      '---\nname: [oops\n---\n# Hi\n\n<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned=2">\n\nSee [the docs](https://example.com/docs).\n',
    );
    const preview = page.getByRole('region', { name: 'Preview of SKILL.md' });
    const problems = preview.getByRole('alert', { name: 'Front matter problems' });
    await problems.getByText(/not valid YAML/).waitFor();
    await preview.getByRole('heading', { name: 'Hi' }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('[onerror]').count()).toBe(0);
    expect(await preview.locator('a[href]').count()).toBe(0);
    await preview.getByTitle('https://example.com/docs').getByText('the docs').waitFor();
    await preview.getByText('[image]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await shoot(page, 'skills-frontmatter');

    // Closing with unsaved text asks first; the zone keeps the saved version.
    await closeTab(page, 'SKILL.md');
    await page.getByRole('button', { name: 'Close without saving' }).click();
    expect(await zoneFile(base, token, skillId, 'SKILL.md')).toBe(GOOD);
  });

  it('uploads dropped text files and skips binaries with a reason', async () => {
    const { page } = app;
    const zone = page.getByRole('navigation', { name: 'Skill files' });
    await zone.evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['print("uploaded")\n'], 'upload.py', { type: 'text/x-python' }));
      dt.items.add(new File(['notes: true\n'], 'notes.yaml'));
      dt.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])], 'logo.png', { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        el.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    const report = page.getByRole('status', { name: 'Upload' });
    await report.getByText(/Uploaded 2 files/).waitFor();
    await report.getByText(/logo\.png/).waitFor();
    await report.getByText(/not a text file/).waitFor();
    await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'upload.py' }).waitFor();
    await shoot(page, 'skills-upload');
    expect(await zoneFile(base, token, skillId, 'upload.py')).toBe('print("uploaded")\n');
    await page.getByRole('button', { name: 'Dismiss upload report' }).click();
  });

  it('saves the skill to a typed folder: every file, the zone content, mode 0600', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Save to folder…' }).click();
    const panel = page.getByRole('region', { name: 'Save skill to folder' });
    const dir = path.join(app.dataDir, 'skills-out');
    await panel.getByLabel('Save skill in folder').fill(dir);
    await panel.getByRole('button', { name: 'Save files' }).click();
    const saved = panel.getByRole('status', { name: 'Skill saved to folder' });
    await saved.getByText('4 files written').waitFor();
    const folder = path.join(dir, 'summarize');
    expect(await saved.getByLabel('Saved folder').textContent()).toBe(folder);
    expect(readFileSync(path.join(folder, 'SKILL.md'), 'utf8')).toBe(GOOD);
    expect(readFileSync(path.join(folder, 'scripts', 'count_words.py'), 'utf8')).toBe(
      await zoneFile(base, token, skillId, 'scripts/count_words.py'),
    );
    expect(readFileSync(path.join(folder, 'upload.py'), 'utf8')).toBe('print("uploaded")\n');
    for (const f of ['SKILL.md', 'scripts/count_words.py', 'upload.py', 'notes.yaml'])
      expect(modeOf(path.join(folder, f))).toBe(0o600);
    await shoot(page, 'skills-folder');
    await page.getByRole('button', { name: 'Close save to folder' }).click();
  });

  it('shows the difference before overwriting a file another client changed', async () => {
    const { page } = app;
    const file = 'scripts/count_words.py';
    await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: file }).click();
    await expect.poll(() => shownText(page, file)).toContain('print(len');
    await replaceText(page, file, 'import sys\nprint("mine")\n');
    await sandboxCall(base, token, 'PUT', `/api/v1/skills/${skillId}/files`, {
      path: file,
      content: 'import sys\nprint("theirs")\n',
    });

    await editorOf(page, file).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+S');
    const ask = page.getByRole('dialog', { name: `${file} changed on the zone` });
    await ask.getByRole('region', { name: `Zone's version and yours of ${file}` }).waitFor();
    await ask.getByText('print("theirs")').first().waitFor();
    await shoot(page, 'skills-conflict');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    // Cancel writes nothing and keeps what was typed.
    expect(await zoneFile(base, token, skillId, file)).toBe('import sys\nprint("theirs")\n');
    await page.getByRole('tab', { name: `${file}, unsaved` }).waitFor();
    expect(await shownText(page, file)).toContain('print("mine")');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await ask.getByRole('button', { name: 'Overwrite with mine' }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(() => zoneFile(base, token, skillId, file)).toBe('import sys\nprint("mine")\n');
    await page.getByRole('tab', { name: file, exact: true }).waitFor();
  });

  it('keeps the typed text, unsaved, when the zone answers a save but keeps other text', async () => {
    const { page } = app;
    const before = await zoneFile(base, token, skillId, 'SKILL.md');
    await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'SKILL.md' }).click();
    await expect.poll(() => shownText(page, 'SKILL.md')).toContain('Summarize');
    // The zone acknowledges the next write without the text and stores nothing.
    await sandboxCall(base, token, 'POST', '/_sandbox/faults', {
      reply: { mode: 'malformed', route: 'skills.files.put', status: 200, body: '{"path":"SKILL.md"}', count: 1 },
    });
    const typed = `${GOOD}\nKept here.\n`;
    await replaceText(page, 'SKILL.md', typed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = editorOf(page, 'SKILL.md').getByRole('alert').filter({ hasText: 'The zone kept different text' });
    await notice.waitFor();
    await page.getByRole('tab', { name: 'SKILL.md, unsaved' }).waitFor();
    expect(await shownText(page, 'SKILL.md')).toContain('Kept here.');
    expect(await zoneFile(base, token, skillId, 'SKILL.md')).toBe(before);
    await shoot(page, 'skills-not-kept');
    // The zone takes the next save: saved, the notice gone, the zone holds the typed text.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('tab', { name: 'SKILL.md', exact: true }).waitFor();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => zoneFile(base, token, skillId, 'SKILL.md')).toBe(typed);
  });

  it('creates a skill, renames it, and deletes it after the name is typed', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'New skill' }).click();
    const dialog = page.getByRole('dialog', { name: /New skill in/ });
    await dialog.getByLabel('Name').fill('e2e-skill');
    await dialog.getByLabel('Description').fill('Made by the test.');
    await dialog.getByRole('button', { name: 'Create skill' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const ws = page.getByRole('region', { name: 'Skill e2e-skill' });
    await ws.getByText('This skill has no files yet.').waitFor();
    await shoot(page, 'skills-empty');

    // An empty skill offers its SKILL.md, started with valid front matter.
    await ws.getByRole('button', { name: 'Create SKILL.md' }).click();
    await page.getByRole('tab', { name: 'SKILL.md', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Preview of SKILL.md' }).getByText('Front matter is valid').waitFor();

    // New file, rename (create + delete), delete after a confirmation.
    const tree = page.getByRole('tree', { name: 'Files' });
    await ws.getByRole('button', { name: 'New file' }).click();
    await ws.getByLabel('New file path').fill('notes.txt');
    await ws.getByLabel('New file path').press('Enter');
    await tree.getByRole('treeitem', { name: 'notes.txt' }).waitFor();
    await page.getByRole('tab', { name: 'notes.txt', exact: true }).waitFor();
    await tree.getByRole('treeitem', { name: 'notes.txt' }).hover();
    await ws.getByRole('button', { name: 'Rename notes.txt' }).click();
    await ws.getByLabel('New path for notes.txt').fill('docs/notes.txt');
    await ws.getByLabel('New path for notes.txt').press('Enter');
    await tree.getByRole('treeitem', { name: 'docs/notes.txt' }).waitFor();
    await tree.getByRole('treeitem', { name: 'notes.txt', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'docs/notes.txt', exact: true }).waitFor();
    await tree.getByRole('treeitem', { name: 'docs/notes.txt' }).hover();
    await ws.getByRole('button', { name: 'Delete docs/notes.txt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete docs/notes.txt' }).click();
    await tree.getByRole('treeitem', { name: 'docs/notes.txt' }).waitFor({ state: 'detached' });
    const id = await skillIdByName(base, token, 'e2e-skill');
    const listed = await sandboxCall(base, token, 'GET', `/api/v1/skills/${id}/files`);
    expect((listed.items as { path: string }[]).map((f) => f.path)).toEqual(['SKILL.md']);

    await ws.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit skill e2e-skill' });
    await edit.getByLabel('Skill name').fill('e2e-renamed');
    await edit.getByRole('button', { name: 'Save details' }).click();
    const renamed = page.getByRole('region', { name: 'Skill e2e-renamed' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete skill', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete skill “e2e-renamed”' });
    await confirm.getByLabel('Type e2e-renamed to confirm').fill('e2e-renamed');
    await confirm.getByRole('button', { name: 'Delete e2e-renamed' }).click();
    await renamed.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ((await sandboxCall(base, token, 'GET', '/api/v1/skills')).items as { name: string }[]).length)
      .toBe(1);
  });
});
