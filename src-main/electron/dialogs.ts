/**
 * Native dialogs for the agent. Not wired yet: AgentOptions has no `pickSavePath` hook; when it
 * gets one, main.ts passes this function.
 */
import { BrowserWindow, dialog } from 'electron';

export async function pickSavePath(opts: { title?: string; defaultPath?: string; filters?: Electron.FileFilter[] }): Promise<string | null> {
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
