/**
 * Native dialogs for the agent (AgentOptions.pickSavePath / pickFolder): the agent asks, the
 * person chooses, and the path goes straight back to the agent — the renderer never picks paths.
 */
import { BrowserWindow, dialog } from 'electron';
import type { SaveDialogOptions } from '../agent/agent-types';

export async function pickSavePath(opts: SaveDialogOptions): Promise<string | null> {
  const win = BrowserWindow.getFocusedWindow();
  const options: Electron.SaveDialogOptions = {
    ...(opts.title ? { title: opts.title } : {}),
    ...(opts.defaultPath ? { defaultPath: opts.defaultPath } : {}),
    ...(opts.filters ? { filters: opts.filters } : {}),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const res = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
  return res.canceled || !res.filePath ? null : res.filePath;
}

export async function pickFolder(opts: { title?: string; defaultPath?: string }): Promise<string | null> {
  const win = BrowserWindow.getFocusedWindow();
  const options: Electron.OpenDialogOptions = {
    ...(opts.title ? { title: opts.title } : {}),
    ...(opts.defaultPath ? { defaultPath: opts.defaultPath } : {}),
    properties: ['openDirectory', 'createDirectory'],
  };
  const res = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return res.canceled || !res.filePaths[0] ? null : res.filePaths[0];
}

/**
 * The page asked to stay open (unsaved drafts, via beforeunload): Electron would otherwise refuse
 * to close or reload without a word, so the person is asked; "Leave" lets the unload go on.
 */
export function askOnPreventedUnload(win: BrowserWindow): void {
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave and lose them', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'Some workflow drafts have unsaved changes.',
      detail: 'Leaving now discards them. Stay to save them first.',
    });
    if (choice === 0) event.preventDefault();
  });
}
