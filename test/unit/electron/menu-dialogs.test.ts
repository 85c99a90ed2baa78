/** The application menu (developer items only in development) and the native dialogs the agent asks for. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src-main/agent/log';

type Item = { role?: string; label?: string; submenu?: Item[]; click?: () => void };

async function fresh(packaged: boolean) {
  vi.resetModules();
  const electron = await import('./fake-electron');
  electron.app.isPackaged = packaged;
  // A fresh fake for each fresh load; the modules under test read app.isPackaged as they load.
  vi.doMock('electron', () => electron);
  return {
    electron,
    menu: await import('../../../src-main/electron/menu'),
    dialogs: await import('../../../src-main/electron/dialogs'),
  };
}
const roles = (items: Item[]): string[] =>
  items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);
afterEach(() => {
  vi.restoreAllMocks();
});

describe('installMenu', () => {
  it('a packaged build has no reload and no developer tools', async () => {
    const { electron, menu } = await fresh(true);
    menu.installMenu({ dataDir: '/data', logDir: '/data/logs', log: silentLogger });
    const all = roles(electron.Menu.template as Item[]);
    expect(all).toEqual(expect.arrayContaining(['editMenu', 'zoomIn', 'windowMenu', 'about']));
    for (const r of ['reload', 'forceReload', 'toggleDevTools']) expect(all).not.toContain(r);
  });

  it('a development run has them, and File › Open Data Folder opens the data folder', async () => {
    const { electron, menu } = await fresh(false);
    menu.installMenu({ dataDir: '/data/Zonedeck', logDir: '/data/Zonedeck/logs', log: silentLogger });
    const template = electron.Menu.template as Item[];
    expect(roles(template)).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
    const file = template.find((i) => i.label === '&File')!;
    file.submenu!.find((i) => i.label === 'Open Data Folder')!.click!();
    expect(electron.shell.openPath).toHaveBeenCalledWith('/data/Zonedeck');
    const help = template.find((i) => i.label === '&Help')!;
    help.submenu!.find((i) => i.label === 'Open Log Folder')!.click!();
    expect(electron.shell.openPath).toHaveBeenCalledWith('/data/Zonedeck/logs');
  });
});

describe('dialogs', () => {
  it('pickSavePath: attaches to the focused window, confirms overwrites, and maps cancel to null', async () => {
    const { electron, dialogs } = await fresh(true);
    const win = new electron.BrowserWindow({});
    electron.BrowserWindow.focused = win;
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/me/kube.yaml' });
    const opts = { title: 'Save', defaultPath: '/home/me/x.yaml', filters: [{ name: 'YAML', extensions: ['yaml'] }] };
    expect(await dialogs.pickSavePath(opts)).toBe('/home/me/kube.yaml');
    expect(electron.dialog.showSaveDialog).toHaveBeenLastCalledWith(win, {
      ...opts,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });

    electron.BrowserWindow.focused = null;
    expect(await dialogs.pickSavePath({})).toBeNull();
    expect(electron.dialog.showSaveDialog).toHaveBeenLastCalledWith({
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('pickFolder: returns the chosen folder, or null when cancelled', async () => {
    const { electron, dialogs } = await fresh(true);
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/me/vpn'] });
    expect(await dialogs.pickFolder({ title: 'VPN profiles' })).toBe('/home/me/vpn');
    expect(electron.dialog.showOpenDialog).toHaveBeenLastCalledWith({
      title: 'VPN profiles',
      properties: ['openDirectory', 'createDirectory'],
    });
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: ['/ignored'] });
    expect(await dialogs.pickFolder({})).toBeNull();
  });

  it('asks before a page with unsaved drafts unloads; only "Leave" lets it go', async () => {
    const { electron, dialogs } = await fresh(true);
    const win = new electron.BrowserWindow({});
    dialogs.askOnPreventedUnload(win as never);
    const unload = () => {
      const event = { preventDefault: vi.fn() };
      win.webContents.emit('will-prevent-unload', event);
      return event.preventDefault.mock.calls.length;
    };
    electron.dialog.showMessageBoxSync.mockReturnValueOnce(1);
    expect(unload()).toBe(0); // Stay: the page's refusal stands
    electron.dialog.showMessageBoxSync.mockReturnValueOnce(0);
    expect(unload()).toBe(1); // Leave: the refusal is overridden
    expect(electron.dialog.showMessageBoxSync).toHaveBeenLastCalledWith(
      win,
      expect.objectContaining({ buttons: ['Leave and lose them', 'Stay'], cancelId: 1 }),
    );
  });
});
