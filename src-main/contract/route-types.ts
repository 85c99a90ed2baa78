/** What a route of the table is (routes.ts holds the table itself). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Permission = 'disks:restore' | 'disks:update' | 'deploy_servers:manage' | 'limits:read';
/** How a body travels: json, none, plain text, a file download, a WebSocket, server-sent events. */
export type BodyKind = 'json' | 'empty' | 'text' | 'download' | 'websocket' | 'event-stream';

/** A route; the table's own entries keep their id, method and path as literal types (see OperationId). */
export interface Route<Id extends string = string, M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly id: Id;
  readonly method: M;
  readonly path: P;
  readonly permission?: Permission;
  readonly request: BodyKind;
  readonly response: BodyKind;
  /** The reply carries a credential (store/CMS passwords, secrets shown once). */
  readonly sensitive: boolean;
  /** Reached without a Bearer token (sign-in family, token endpoint, webhook receiver). */
  readonly public: boolean;
  readonly summary: string;
}
