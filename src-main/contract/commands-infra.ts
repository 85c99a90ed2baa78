/** Commands of the infra area (storage, Kubernetes, networking, deploy servers, limits: kubeconfig and VPN files, quick grab). Inputs are validated by the agent's zod schemas. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InfraCommands {}
