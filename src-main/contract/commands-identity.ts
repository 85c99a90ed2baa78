/** Commands of the identity area (sign-in extras, account security, API clients, machine sign-in). Inputs are validated by the agent's zod schemas. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdentityCommands {}
