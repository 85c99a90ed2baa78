/** The notifications feature's public face: the window's watcher (shell) and the browser's permission (settings). */
export { useNotifications } from './use-notifications';
export { askPermission, browserPermission, needsBrowserPermission, type NoticePermission } from './permission';
export { NOTICE_LABELS } from './labels';
