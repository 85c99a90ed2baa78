/** A real HTTP proxy on loopback that counts requests by "METHOD path" on their way to the sandbox. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function countingProxy(targetPort: number, observe?: (req: http.IncomingMessage) => void) {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    observe?.(req);
    const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const host = (req.headers.host ?? '').replace(/:\d+$/, `:${targetPort}`);
    const up = http.request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, host } },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    count: (key: string) => counts.get(key) ?? 0,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
