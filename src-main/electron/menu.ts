/** The standard application menu. Reload and developer tools exist only in development. */
import { app, Menu, type MenuItemConstructorOptions, shell } from 'electron';
import type { Logger } from '../agent/log';
import { isDev } from './app-url';

export function installMenu(opts: { dataDir: string; logDir: string; log: Logger }): void {
  const open = (folder: string) =>
    void shell.openPath(folder).then((failure) => {
      if (failure) opts.log.warn('could not open a folder from the menu', { folder, reason: failure });
    });
  const mac = process.platform === 'darwin';
  const devItems: MenuItemConstructorOptions[] = isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Open Data Folder', click: () => open(opts.dataDir) },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu', label: '&Edit' },
    {
      label: '&View',
      submenu: [
        ...devItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu', label: '&Window' },
    {
      role: 'help',
      label: '&Help',
      submenu: [
        { label: 'Open Log Folder', click: () => open(opts.logDir) },
        { type: 'separator' },
        { role: 'about', label: `About ${app.getName()}` },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
