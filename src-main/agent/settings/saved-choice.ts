/**
 * One choice from settings.json, read before the agent exists: the log level a host's logger
 * starts with, and whether sign-ins are kept in a file (the command line's notice). Without zod:
 * the command line asking a running app's agent loads none of the agent's schemas (~30 ms of its
 * start, #39). The rule is readSettings' own for these fields, which its unit test holds it to: a
 * value that is not one of the choices, or no readable file, is the default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppSettings, DEFAULT_SETTINGS, SECRET_STORAGES } from '../../contract/settings';
import { LOG_LEVELS } from '../log/levels';

export const SETTINGS_FILE = 'settings.json';

/** The settings whose value is one of a few words, and those words. */
const CHOICES = { logLevel: LOG_LEVELS, secretStorage: SECRET_STORAGES } as const;
type ChoiceKey = keyof typeof CHOICES;

export function savedChoice<K extends ChoiceKey>(dataDir: string, key: K): AppSettings[K] {
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(join(dataDir, SETTINGS_FILE), 'utf8'));
  } catch {
    // No file or not JSON: the default, and the agent logs the file's problem once it starts.
    return DEFAULT_SETTINGS[key];
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved) || !Object.hasOwn(saved, key))
    return DEFAULT_SETTINGS[key];
  const value = (saved as Record<string, unknown>)[key];
  return (CHOICES[key] as readonly unknown[]).includes(value) ? (value as AppSettings[K]) : DEFAULT_SETTINGS[key];
}
