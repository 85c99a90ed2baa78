/**
 * A zone's JSON reply checked without being parsed, so its bytes can go on to the page as they
 * came (issue #39: the agent's hop parsed and re-wrote every reply). One pass over the bytes that
 * says yes only to exactly one JSON value (RFC 8259, what JSON.parse takes) in valid UTF-8, nested
 * at most `maxDepth` deep, with no number JSON.parse reads as ±Infinity or -0 (the old path wrote
 * those back as null and 0). Anything else is a no, and the reply is read the old way: which path
 * a reply takes never changes what the page gets, nor which error.
 */
import { isUtf8 } from 'node:buffer';
import { MAX_JSON_DEPTH } from './reply-bounds';

const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** A number this long is read the old way (its digits could be past a double's range). */
const LONG_NUMBER = 300;

const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isHex = (c: number | undefined) =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66));

function skipSpace(b: Uint8Array, i: number): number {
  for (let c = b[i]; c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = b[++i]);
  return i;
}

/** What a byte is inside a string: 0 text (UTF-8 is checked whole, natively), 1 quote, 2 backslash, 3 control. */
const IN_STRING = new Uint8Array(256);
IN_STRING.fill(3, 0, 0x20);
IN_STRING[QUOTE] = 1;
IN_STRING[0x5c] = 2;

/** The index after the string that opens at `i` (a quote), or -1. */
function skipString(b: Uint8Array, i: number): number {
  for (let j = i + 1; ;) {
    let kind: number | undefined;
    while ((kind = IN_STRING[b[j]!]) === 0) j++;
    if (kind === 1) return j + 1;
    if (kind !== 2) return -1; // a control character, or the end without a closing quote
    const e = b[j + 1];
    if (e === 0x75 /* u */) {
      // Any \uXXXX, a lone surrogate too: JSON.parse takes it and so does the page's.
      if (!(isHex(b[j + 2]) && isHex(b[j + 3]) && isHex(b[j + 4]) && isHex(b[j + 5]))) return -1;
      j += 6;
    } else if (e !== undefined && ESCAPES.has(e)) j += 2;
    else return -1;
  }
}
const ESCAPES = new Set([QUOTE, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** The index after the number that starts at `i`, or -1 (also for one the old path would not give back as written). */
function skipNumber(b: Uint8Array, i: number): number {
  let j = b[i] === MINUS ? i + 1 : i;
  if (b[j] === 0x30) j++;
  else if (isDigit(b[j])) while (isDigit(b[++j]));
  else return -1;
  let exponent = false;
  if (b[j] === 0x2e) {
    if (!isDigit(b[++j])) return -1;
    while (isDigit(b[++j]));
  }
  if (b[j] === 0x65 || b[j] === 0x45) {
    exponent = true;
    if (b[++j] === 0x2b || b[j] === MINUS) j++;
    if (!isDigit(b[j])) return -1;
    while (isDigit(b[++j]));
  }
  if (j - i > LONG_NUMBER) return -1;
  // Under LONG_NUMBER digits and no exponent, only -0 is not given back as written.
  if (exponent || (b[i] === MINUS && b[i + 1] === 0x30)) {
    let text = '';
    for (let k = i; k < j; k++) text += String.fromCharCode(b[k]!);
    const value = Number(text);
    if (!Number.isFinite(value) || Object.is(value, -0)) return -1;
  }
  return j;
}

/** The index after `word` at `i`, or -1. */
function skipWord(b: Uint8Array, i: number, word: readonly number[]): number {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word[k]) return -1;
  return i + word.length;
}
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** After an object's `{` or `,`: its key and colon; the index of the value, or -1. */
function skipKey(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) return -1;
  const j = skipSpace(b, skipString(b, i));
  return j > 0 && b[j] === COLON ? skipSpace(b, j + 1) : -1;
}

/** True when `b` is exactly one JSON value as described above (iterative: no depth reaches the stack). */
export function isPassableJson(b: Uint8Array, maxDepth = MAX_JSON_DEPTH): boolean {
  // Valid UTF-8 throughout (outside strings the grammar then allows only ASCII): one native check.
  if (!isUtf8(b)) return false;
  const closers = new Uint8Array(maxDepth + 1); // what closes each open level
  let depth = 0;
  let i = skipSpace(b, 0);
  for (;;) {
    // A value starts at i.
    const c = b[i];
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === maxDepth) return false;
      closers[++depth] = c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
      i = skipSpace(b, i + 1);
      if (b[i] === closers[depth]) {
        depth--;
        i++;
      } else {
        if (c === OPEN_OBJECT && (i = skipKey(b, i)) < 0) return false;
        continue;
      }
    } else if (c === QUOTE) i = skipString(b, i);
    else if (c === MINUS || isDigit(c)) i = skipNumber(b, i);
    else if (c === 0x74) i = skipWord(b, i, TRUE);
    else if (c === 0x66) i = skipWord(b, i, FALSE);
    else if (c === 0x6e) i = skipWord(b, i, NULL);
    else return false;
    if (i < 0) return false;
    // After a value: a comma and the next, or the end of its level.
    for (;;) {
      i = skipSpace(b, i);
      if (depth === 0) return i === b.length;
      const d = b[i];
      if (d === COMMA) {
        i = skipSpace(b, i + 1);
        if (closers[depth] === CLOSE_OBJECT && (i = skipKey(b, i)) < 0) return false;
        break;
      }
      if (d !== closers[depth]) return false;
      depth--;
      i++;
    }
  }
}
