/**
 * The console's WebSocket subprotocols. The spec fixes no console control messages, so the agent
 * sends one (resize) only to a zone that selected CONSOLE_CONTROL in the handshake; otherwise
 * every frame it sends is the user's keystrokes. Shared by the agent and the sandbox's console.
 */

/** Selected by a zone whose console reads a text frame `{"type":"resize","cols":…,"rows":…}` as control. */
export const CONSOLE_CONTROL = 'zonedeck.console.v1';

/** Keystrokes only, nothing else: offered first, so a server that selects the first offered protocol without reading it lands here. */
export const CONSOLE_KEYS_ONLY = 'zonedeck.console.raw';

/**
 * What the agent offers, in this order: a server that understands neither but selects the first
 * one offered anyway (the ws library's default) selects keys-only, and is sent nothing else.
 */
export const CONSOLE_OFFERED = [CONSOLE_KEYS_ONLY, CONSOLE_CONTROL] as const;
