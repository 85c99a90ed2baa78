/**
 * The admin kubeconfig of a cluster: a valid kubeconfig YAML naming the cluster, a user holding a
 * bearer token, and a context (named after the cluster) joining them. The CA is PEM-shaped random
 * bytes: clients only need to store and pass it on, never to trust a real sandbox API server.
 */
import { randomBytes } from 'node:crypto';
import { stringify } from 'yaml';
import type { SandboxZone } from '../core/types';
import type { Cluster } from './model';

export function fakeCaPem(): string {
  const body = randomBytes(384)
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}

export function kubeconfig(zone: SandboxZone, c: Cluster): string {
  const user = `${c.name}-admin`;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: c.name,
        cluster: {
          server: `https://${c.id.slice(0, 8)}.k8s.${zone.host}:6443`,
          'certificate-authority-data': Buffer.from(c.ca_pem).toString('base64'),
        },
      },
    ],
    users: [{ name: user, user: { token: c.token } }],
    contexts: [{ name: c.name, context: { cluster: c.name, user } }],
    'current-context': c.name,
    preferences: {},
  });
}
