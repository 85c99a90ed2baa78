/** Small crypto helpers on node:crypto: hashes, random codes, base32, TOTP (RFC 6238), sealing. */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Opaque random token with a readable prefix (e.g. "ch_", "rt_"). */
export const randomToken = (prefix: string, bytes = 24): string => prefix + randomBytes(bytes).toString('base64url');

export const sixDigits = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const RC_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no look-alikes (0/o, 1/l/i)
const rcPart = () => Array.from({ length: 5 }, () => RC_ALPHABET[randomInt(RC_ALPHABET.length)]).join('');
export const recoveryCode = (): string => `rc-${rcPart()}-${rcPart()}`;

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// scrypt with a low cost factor: the sandbox must start and sign in fast, this is not a vault.
const SCRYPT = { N: 1024, r: 8, p: 1 };
export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${scryptSync(password, salt, 32, SCRYPT).toString('hex')}`;
}
export function checkPassword(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  return safeEqual(scryptSync(password, salt, 32, SCRYPT).toString('hex'), hash);
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}
export function base32Decode(s: string): Buffer {
  const clean = s.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('invalid base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const TOTP_STEP_SECONDS = 30;

/** HOTP (RFC 4226) value for one time step, as 6 digits. */
export function totpAt(secretB32: string, step: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretB32)).update(msg).digest();
  const off = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000;
  return String(bin).padStart(6, '0');
}

/** The step a code matches within ±1 step of `nowMs`, or undefined. */
export function totpMatch(secretB32: string, code: string, nowMs: number): number | undefined {
  const current = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
  for (const step of [current, current - 1, current + 1]) {
    if (safeEqual(totpAt(secretB32, step), code)) return step;
  }
  return undefined;
}

export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** AES-256-GCM: base64url(iv | tag | ciphertext). */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64url');
}
export function unseal(key: Buffer, sealed: string): string {
  const b = Buffer.from(sealed, 'base64url');
  const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8');
}
