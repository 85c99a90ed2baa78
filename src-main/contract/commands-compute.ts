/** Commands of the compute area (containers and microVMs: log archive downloads and the like). Inputs are validated by the agent's zod schemas. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ComputeCommands {}
