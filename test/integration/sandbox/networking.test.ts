import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const P = '/api/v1/public-ips';
const V = '/api/v1/vpn-gateways';

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

describe('public IPs', () => {
  it('CRUD, attach, 409 when already attached, detach', async () => {
    const c = await call(sb.eu, P, { token, body: { name: 'api' } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ name: 'api', nic_id: null, status: 'allocated' });
    expect(String(c.body.address)).toMatch(/^203\.0\.113\.\d+$/);
    const id = String(c.body.id);
    const a = await call(sb.eu, `${P}/attach`, { token, body: { public_ip_id: id, nic_id: 'nic-1' } });
    expect(a.body).toMatchObject({ nic_id: 'nic-1', status: 'attached' });
    const again = await call(sb.eu, `${P}/attach`, { token, body: { public_ip_id: id, nic_id: 'nic-2' } });
    expect(again.status).toBe(409);
    expect((await call(sb.eu, `${P}/${id}`, { token, method: 'DELETE' })).status).toBe(409);
    expect((await call(sb.eu, `${P}/detach`, { token, body: { public_ip_id: id } })).body).toMatchObject({
      nic_id: null,
    });
    expect((await call(sb.eu, `${P}/detach`, { token, body: { public_ip_id: id } })).status).toBe(409);
    expect((await call(sb.eu, `${P}/attach`, { token, body: { public_ip_id: 'nope', nic_id: 'n' } })).status).toBe(404);
    expect((await call(sb.eu, `${P}/attach`, { token, body: { public_ip_id: id } })).status).toBe(400);
    expect((await call(sb.eu, `${P}/${id}`, { token, method: 'PUT', body: { name: 'api-2' } })).body.name).toBe(
      'api-2',
    );
    expect((await call(sb.eu, `${P}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
    const list = await call(sb.eu, P, { token });
    expect((list.body.items as unknown[]).length).toBe(2);
  });
});

describe('VPN gateways', () => {
  it('CRUD and a WireGuard profile download', async () => {
    const c = await call(sb.eu, V, { token, body: { name: 'lab', subnet: '10.20.0.0/24' } });
    expect(c.status).toBe(201);
    expect((await call(sb.eu, V, { token, body: { name: 'x', subnet: '192.168.0.0/16' } })).status).toBe(400);
    const id = String(c.body.id);
    const conf = await call(sb.eu, `${V}/${id}/config`, { token });
    expect(conf.status).toBe(200);
    expect(conf.headers.get('content-disposition')).toBe('attachment; filename="lab.conf"');
    const text = String(conf.body);
    expect(text).toMatch(/\[Interface\]\nPrivateKey = [A-Za-z0-9+/]{43}=\nAddress = 10\.20\.0\.2\/32/);
    expect(text).toMatch(
      /\[Peer\]\nPublicKey = [A-Za-z0-9+/]{43}=\nEndpoint = vpn-[0-9a-f]{8}\.eu-1\.sandbox\.localhost:51820\nAllowedIPs = 10\.20\.0\.0\/24/,
    );
    expect((await call(sb.eu, `${V}/${id}`, { token, method: 'PUT', body: { name: 'lab-2' } })).body.name).toBe(
      'lab-2',
    );
    expect((await call(sb.eu, `${V}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb.eu, `${V}/${id}/config`, { token })).status).toBe(404);
  });
});
