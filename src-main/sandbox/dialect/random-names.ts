/**
 * The names of a `random:N` zone: every open key gets a seeded identifier of 3 to 9 lowercase
 * letters and digits, a letter first and at least one digit (so it is never a word of any list,
 * nor `__proto__` and its kin). The same (N, key) always gives the same name; two keys never share
 * one (a clash takes the next draw, in the fixed order of VOCABULARY, then first come).
 */
import { VOCABULARY } from './random-scope';
import { mulberry32 } from './prng';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = LETTERS + DIGITS;

/** FNV-1a over the text, then mulberry32 draws: small, fast, deterministic. */
export function draws(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mulberry32(h);
}

export function randomName(seed: number, key: string, attempt = 0): string {
  const r = draws(`${seed}\u0000${key}\u0000${attempt}`);
  const pick = (set: string) => set[Math.floor(r() * set.length)]!;
  const len = 3 + Math.floor(r() * 7);
  const digitAt = 1 + Math.floor(r() * (len - 1));
  let out = pick(LETTERS);
  for (let i = 1; i < len; i++) out += i === digitAt ? pick(DIGITS) : pick(ALNUM);
  return out;
}

/** Keys the zone has named beyond the vocabulary are bounded, as the sandbox's own replies are. */
const MAX_KEYS = 4096;

/** One zone's names both ways. */
export class KeyMap {
  private readonly fwd = new Map<string, string>();
  private readonly rev = new Map<string, string>();

  constructor(readonly seed: number) {
    for (const k of VOCABULARY) this.nameOf(k);
  }

  /** The zone's name for a standard key (named on first sight). */
  nameOf(key: string): string {
    const known = this.fwd.get(key);
    if (known !== undefined) return known;
    if (this.fwd.size >= MAX_KEYS) return key;
    let attempt = 0;
    let name = randomName(this.seed, key, attempt);
    while (this.rev.has(name)) name = randomName(this.seed, key, ++attempt);
    this.fwd.set(key, name);
    this.rev.set(name, key);
    return name;
  }

  /** The standard key a zone's name stands for, if it is one. */
  keyOf(name: string): string | undefined {
    return this.rev.get(name);
  }

  /** A standard key this zone knows (so a request that uses it used the wrong name). */
  isKey(key: string): boolean {
    return this.fwd.has(key);
  }

  /** Standard key -> the zone's name, for GET /_sandbox/dialect and error messages. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.fwd);
  }
}
