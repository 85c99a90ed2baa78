/**
 * Naive UI's dark theme (every component's dark tokens; 58 KiB off the first download) as a chunk
 * of its own (#39): imported by AppProviders when dark is first wanted, or once the page is idle,
 * so a light first page does not parse it.
 */
export { darkTheme } from 'naive-ui';
