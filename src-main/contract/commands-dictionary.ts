/**
 * Commands of the zone's dictionary (contract/dictionary/): what a read found, a person's choice
 * of a field, and resets. The window, the CLI (`zonedeck fields`) and the agent's own reads use them.
 */
import type { ZoneView } from './commands';
import type { KindEntry, PathStep, ReadRole } from './dictionary/dictionary-types';

export interface DictionaryCommands {
  /** What a read of one kind found (its inferred fields): kept unless a person chose or a refusal taught otherwise. */
  'dictionary.note': { input: { zone: string; kind: string; seen: KindEntry }; output: null };
  /** A person's choice of the field for a role (null forgets it: inferred again). */
  'dictionary.choose': {
    input: { zone: string; kind: string; role: ReadRole; path: PathStep[] | null };
    output: ZoneView;
  };
  /** Reads the zone's main kinds together and keeps what they show (a list's ties broken by the zone's habits). */
  'dictionary.survey': { input: { zone: string }; output: ZoneView };
  /** Forgets one kind's entries, or the whole dictionary. */
  'dictionary.reset': { input: { zone: string; kind?: string }; output: ZoneView };
}
