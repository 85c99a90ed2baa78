/** Reads and parses request bodies: JSON, or form-encoded (the token endpoint accepts both). */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './types';

const MAX_BODY = 16 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'payload_too_large', `Request bodies are limited to ${MAX_BODY} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `raw` as the handler's `body`: undefined when empty or plain text; 400 when it should be JSON and is not. */
export function parseBody(raw: Buffer, contentType: string | undefined, kind: string): unknown {
  if (raw.length === 0 || kind === 'text') return undefined;
  const text = raw.toString('utf8');
  if ((contentType ?? '').toLowerCase().includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A raw text body (a dialect's file write) stays in rawBody for the dialect layer to read.
    if ((contentType ?? '').toLowerCase().startsWith('text/plain')) return undefined;
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
