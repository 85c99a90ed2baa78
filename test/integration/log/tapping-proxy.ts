/**
 * A loopback proxy in front of the sandbox that keeps every credential crossing it: tokens and
 * client secrets in JSON replies, Set-Cookie values, Authorization and Cookie headers, and what
 * sign-in requests carried. The log test then proves none of them reached the log file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SECRET_FIELDS = ['access_token', 'refresh_token', 'id_token', 'client_secret', 'password', 'code', 'challenge'];

function collect(text: string, into: Set<string>): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (SECRET_FIELDS.includes(k) && typeof x === 'string' && x.length >= 6) into.add(x);
      else walk(x);
    }
  };
  walk(body);
}

export async function tappingProxy(targetPort: number) {
  const secrets = new Set<string>();
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (auth) secrets.add(auth);
    for (const pair of String(req.headers.cookie ?? '').split(';')) {
      const value = pair.split('=').slice(1).join('=').trim();
      if (value) secrets.add(value);
    }
    const sent: Buffer[] = [];
    req.on('data', (c: Buffer) => sent.push(c));
    req.on('end', () => {
      const reqBody = Buffer.concat(sent);
      collect(reqBody.toString('utf8'), secrets);
      const host = (req.headers.host ?? '').replace(/:\d+$/, `:${targetPort}`);
      const up = http.request(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, host } },
        (upRes) => {
          const got: Buffer[] = [];
          upRes.on('data', (c: Buffer) => got.push(c));
          upRes.on('end', () => {
            const body = Buffer.concat(got);
            collect(body.toString('utf8'), secrets);
            for (const line of upRes.headers['set-cookie'] ?? []) {
              const value = line.split(';')[0]!.split('=').slice(1).join('=');
              if (value) secrets.add(value);
            }
            res.writeHead(upRes.statusCode ?? 502, upRes.headers).end(body);
          });
        },
      );
      up.on('error', () => res.destroy());
      up.end(reqBody);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    /** Every credential seen so far, in both directions. */
    secrets,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
