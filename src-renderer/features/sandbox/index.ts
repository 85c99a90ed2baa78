/** The sandbox feature's public face: what others may import; the rest of the folder is its own. */
export { useMailStore } from './mailbox';
