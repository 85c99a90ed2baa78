/** undici's own files, imported one by one (undici-core.ts, undici-fetch.ts): typed there from undici's index. */
declare module 'undici/lib/dispatcher/pool.js' {
  const Pool: unknown;
  export default Pool;
}
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: unknown;
  export default Agent;
}
declare module 'undici/lib/api/api-request.js' {
  const request: unknown;
  export default request;
}
declare module 'undici/lib/web/fetch/index.js' {
  export const fetch: unknown;
}
