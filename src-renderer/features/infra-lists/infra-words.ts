/**
 * What each infra screen calls things, in one table so the three screens word alike: its heading,
 * one record (the details pane, questions), the empty state's plural, the create button, and the
 * create dialog's title ("<createTitle> in <zone>") and submit button.
 */
import type { InfraResource } from './infra';

export interface InfraWords {
  heading: string;
  kind: string;
  plural: string;
  create: string;
  createTitle: string;
  submit: string;
}

export const INFRA_WORDS: Record<InfraResource, InfraWords> = {
  clusters: {
    heading: 'Clusters',
    kind: 'cluster',
    plural: 'Kubernetes clusters',
    create: 'Create cluster',
    createTitle: 'Create a cluster',
    submit: 'Create cluster',
  },
  publicIps: {
    heading: 'Public IPs',
    kind: 'public IP',
    plural: 'public IPs',
    create: 'Allocate IP',
    createTitle: 'Allocate a public IP',
    submit: 'Allocate',
  },
  vpnGateways: {
    heading: 'VPN gateways',
    kind: 'VPN gateway',
    plural: 'VPN gateways',
    create: 'Create gateway',
    createTitle: 'Create a VPN gateway',
    submit: 'Create gateway',
  },
};
