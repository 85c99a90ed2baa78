/** The standard application menu. Reload and developer tools exist only in development. */
import { app, Menu, type MenuItemConstructorOptions, shell } from 'electron';
import { isDev } from './app-url';

export function installMenu(opts: { dataDir: string }): void {
  const mac = process.platform === 'darwin';
  const devItems: MenuItemConstructorOptions[] = isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Open Data Folder', click: () => void shell.openPath(opts.dataDir) },
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
      submenu: [{ role: 'about', label: `About ${app.getName()}` }],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
