/**
 * What a person who read a zone's API documentation knows: the zone's name for a field the app
 * asks them to name. For the sandbox's random dialects that is the dialect's own seeded name (the
 * zone's "docs"); other dialects are not asked, and answer nothing.
 */
import { KeyMap } from '../../../src-main/sandbox/dialect/random-names';

export function documentedName(dialect: string, standard: string): string | undefined {
  const seed = /^random:(\d+)$/.exec(dialect)?.[1];
  return seed === undefined ? undefined : new KeyMap(Number(seed)).nameOf(standard);
}
