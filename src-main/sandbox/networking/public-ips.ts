/**
 * Public IPs: CRUD plus attach {public_ip_id, nic_id} (409 when already attached) and detach
 * {public_ip_id} (409 when not attached). Addresses come from TEST-NET-3 (203.0.113.0/24) so they
 * can never collide with a real one. Deleting an attached address is 409: detach first.
 */
import type { Handler, World } from '../core/types';
import { iso } from '../kit/clock';
import { ScopedCollections, type Collection } from '../kit/collection';
import { crudHandlers } from '../kit/crud';
import { body, conflict, ok, optStr, str } from '../kit/http';

export interface PublicIp {
  id: string;
  name: string;
  address: string;
  nic_id: string | null;
  status: 'allocated' | 'attached';
  created_at: string;
}

function allocate(world: World, c: Collection<PublicIp>, name: string): PublicIp {
  const used = new Set(c.all().map((i) => i.address));
  let n = 10;
  while (used.has(`203.0.113.${n}`) && n < 254) n++;
  return {
    id: world.uuid(),
    name,
    address: `203.0.113.${n}`,
    nic_id: null,
    status: 'allocated',
    created_at: iso(world),
  };
}

export function publicIpHandlers(world: World): Record<string, Handler> {
  const store: ScopedCollections<PublicIp> = new ScopedCollections<PublicIp>(world, 'public IP', (c) => {
    c.add(allocate(world, c, 'web-frontend'));
    const attached = c.add(allocate(world, c, 'vpn-egress'));
    Object.assign(attached, { nic_id: 'nic-seed-1', status: 'attached' });
  });
  return {
    ...crudHandlers<PublicIp>({
      area: 'publicIps',
      store,
      create: (b, req) => allocate(world, store.for(req), optStr(b, 'name') ?? 'public-ip'),
      update: (ip, b) => {
        if (b.name !== undefined) ip.name = str(b, 'name');
      },
      beforeDelete: (ip) => {
        if (ip.nic_id)
          conflict('public_ip_attached', `detach ${ip.address} from ${ip.nic_id} first`, { nic_id: ip.nic_id });
      },
    }),
    'publicIps.attach': (req) => {
      const b = body(req);
      const ip = store.for(req).get(str(b, 'public_ip_id'));
      const nic = str(b, 'nic_id');
      if (ip.nic_id)
        conflict('already_attached', `${ip.address} is already attached to ${ip.nic_id}`, { nic_id: ip.nic_id });
      Object.assign(ip, { nic_id: nic, status: 'attached' });
      return ok(ip);
    },
    'publicIps.detach': (req) => {
      const ip = store.for(req).get(str(body(req), 'public_ip_id'));
      if (!ip.nic_id) conflict('not_attached', `${ip.address} is not attached`);
      Object.assign(ip, { nic_id: null, status: 'allocated' });
      return ok(ip);
    },
  };
}
