/** One route's handler run through a style dialect's edge, as the server would (the style tests share it). */
import type { Handler, SandboxRequest, SandboxResponse } from '../../../src-main/sandbox/core/types';
import type { Dialect } from '../../../src-main/sandbox/dialect/choose';
import { withDialect } from '../../../src-main/sandbox/dialect/shape';
import { request, type Rec } from './dialect-fakes';

export type Out = Extract<SandboxResponse, { status: number }> & {
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Rec;
};

export async function styleCall(
  dialect: Dialect,
  routeId: string,
  handler: Handler,
  init: Partial<SandboxRequest> = {},
) {
  const req = request(routeId, init);
  req.zone = { ...req.zone, dialect };
  return (await withDialect(new Map([[routeId, handler]])).get(routeId)!(req)) as Out;
}

/** The reply's JSON, whether the style sent it as JSON or as text in its own media type. */
export const bodyOf = (out: Out): Rec => (out.json ?? JSON.parse(out.text ?? 'null')) as Rec;
