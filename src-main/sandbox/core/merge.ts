/** Merges the handler maps of every module; two modules claiming one route id is a startup error. */
import { ROUTES_BY_ID } from '../../contract/routes';
import type { Handler, SandboxModule, World, WsHandler } from './types';

export function mergeModules(modules: readonly SandboxModule[], world: World) {
  const http = new Map<string, Handler>();
  const ws = new Map<string, WsHandler>();
  const claim = <T>(map: Map<string, T>, id: string, h: T, kind: string) => {
    if (!ROUTES_BY_ID.has(id))
      throw new Error(`sandbox module provides a ${kind} handler for unknown route id "${id}"`);
    if (map.has(id)) throw new Error(`two sandbox modules provide a ${kind} handler for route "${id}"`);
    map.set(id, h);
  };
  for (const mod of modules) {
    const maps = mod(world);
    for (const [id, h] of Object.entries(maps.http ?? {})) claim(http, id, h, 'http');
    for (const [id, h] of Object.entries(maps.ws ?? {})) claim(ws, id, h, 'ws');
  }
  return { http, ws };
}
