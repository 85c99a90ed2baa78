/**
 * VPN gateways: CRUD plus the client profile, a WireGuard .conf downloaded as an attachment.
 * Keys are real X25519 keys (cheap to make, and a client that parses them gets valid ones); each
 * profile download issues a fresh client key, as a real gateway would for a new peer.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Handler, World } from '../core/types';
import { iso } from '../kit/clock';
import { ScopedCollections } from '../kit/collection';
import { crudHandlers } from '../kit/crud';
import { badRequest, download, optStr, str, type Body } from '../kit/http';

export interface VpnGateway {
  id: string;
  name: string;
  status: 'active';
  subnet: string;
  listen_port: number;
  server_public_key: string;
  created_at: string;
}

function keyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  const b64 = (jwk: { x?: string; d?: string }, k: 'x' | 'd') =>
    Buffer.from(jwk[k] ?? '', 'base64url').toString('base64');
  return {
    publicKey: b64(publicKey.export({ format: 'jwk' }), 'x'),
    privateKey: b64(privateKey.export({ format: 'jwk' }), 'd'),
  };
}

const SUBNET = /^10\.(\d{1,3})\.(\d{1,3})\.0\/24$/;

function subnetOf(b: Body, fallback: string): string {
  const s = optStr(b, 'subnet') ?? fallback;
  if (!SUBNET.test(s)) badRequest('subnet must look like 10.X.Y.0/24', { field: 'subnet' });
  return s;
}

function profile(gw: VpnGateway, host: string): string {
  const base = gw.subnet.replace(/\.0\/24$/, '');
  const client = keyPair();
  return [
    `# ${gw.name} (${gw.id})`,
    '[Interface]',
    `PrivateKey = ${client.privateKey}`,
    `Address = ${base}.2/32`,
    `DNS = ${base}.1`,
    '',
    '[Peer]',
    `PublicKey = ${gw.server_public_key}`,
    `Endpoint = vpn-${gw.id.slice(0, 8)}.${host}:${gw.listen_port}`,
    `AllowedIPs = ${gw.subnet}`,
    'PersistentKeepalive = 25',
    '',
  ].join('\n');
}

export function vpnGatewayHandlers(world: World): Record<string, Handler> {
  const make = (name: string, subnet: string): VpnGateway => ({
    id: world.uuid(),
    name,
    status: 'active',
    subnet,
    listen_port: 51820,
    server_public_key: keyPair().publicKey,
    created_at: iso(world),
  });
  const store = new ScopedCollections<VpnGateway>(
    world,
    'VPN gateway',
    (c) => void c.add(make('office', '10.8.0.0/24')),
  );
  return {
    ...crudHandlers<VpnGateway>({
      area: 'vpnGateways',
      store,
      create: (b) => make(str(b, 'name'), subnetOf(b, '10.9.0.0/24')),
      update: (gw, b) => {
        if (b.name !== undefined) gw.name = str(b, 'name');
        gw.subnet = subnetOf(b, gw.subnet);
      },
    }),
    'vpnGateways.config': (req) => {
      const gw = store.for(req).get(req.params.id ?? '');
      return download(profile(gw, req.zone.host), `${gw.name}.conf`, 'text/plain; charset=utf-8');
    },
  };
}
