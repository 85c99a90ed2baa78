/**
 * A workflow's webhook as the zone shows it: whether a signing secret is set and when it was
 * rotated (fields not shown by the spec), and the rotate reply's plaintext secret under the names
 * zones give it.
 */
import { isRecord, pick, timeOf, type Raw } from '@contract/tolerant';
import { field } from '../../../shapes/words';

const SECRET = field('webhook.secret', 'secret', 'signing_secret', 'webhook_secret', 'value', 'plaintext');
const SET_FLAGS = ['secret_set', 'has_secret', 'configured', 'webhook_secret_set'];
const ROTATED = ['rotated_at', 'secret_rotated_at', 'webhook_rotated_at', 'rotatedAt'];

export interface WebhookState {
  /** Whether a secret is set; undefined when the zone does not say. */
  set: boolean | undefined;
  rotatedAt: Date | undefined;
}

export function webhookOf(raw: Raw): WebhookState {
  const w = isRecord(raw.webhook) ? raw.webhook : raw;
  const flag = SET_FLAGS.map((k) => w[k]).find((v) => typeof v === 'boolean');
  const rotatedAt = timeOf(w, ...ROTATED);
  return { set: typeof flag === 'boolean' ? flag : rotatedAt ? true : undefined, rotatedAt };
}

/** The plaintext a rotate reply carries (also one level in, under data/webhook). */
export function rotatedSecretOf(reply: unknown): string | undefined {
  for (const rec of isRecord(reply) ? [reply, reply.data, reply.webhook] : []) {
    if (isRecord(rec)) {
      const s = pick(rec, ...SECRET.names);
      if (s) return s;
    }
  }
  return undefined;
}
