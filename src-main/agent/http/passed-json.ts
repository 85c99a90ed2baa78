/**
 * A zone's JSON reply kept as the bytes it came in, checked by isPassableJson (json-scan.ts): a
 * host that writes JSON frames (the browser host's socket) puts them into its reply frame as they
 * are, so a small read costs neither JSON.parse nor JSON.stringify in the agent (issue #39).
 * Anything else that meets one gets the value it stands for (toJSON).
 */
import { isPassableJson } from './json-scan';
import { utf8 } from './reply-bounds';
import type { ZoneRequest } from './zone-request';

export class PassedJson {
  constructor(readonly bytes: Buffer) {}

  /** Written anywhere else, it is the value its bytes write (checked: this does not throw, nor nest past the cap). */
  toJSON(): unknown {
    return JSON.parse(utf8(this.bytes));
  }
}

/** A success reply's bytes kept as they are, for a caller that asked (`passJson`), when they are one plain JSON value. */
export function passedJson(req: ZoneRequest, bytes: Buffer): PassedJson | undefined {
  const wanted = req.passJson === true && req.route.response === 'json' && bytes.length > 0;
  return wanted && isPassableJson(bytes) ? new PassedJson(bytes) : undefined;
}
