/**
 * The workflow's webhook signing secret. Rotating returns the plaintext once; it is handed to the
 * caller and never put in a store, a resource or browser storage, so closing the panel that shows
 * it is the end of it in this window.
 */
import { agent } from '../agent';
import { isRecord, pick, timeOf, type Raw } from '../lib/tolerant';
import { workflowChanged, type WorkflowRef } from './workflows';

export interface WebhookState {
  /** Whether a secret is set; undefined when the zone does not say. */
  set: boolean | undefined;
  rotatedAt: Date | undefined;
}

export function webhookOf(raw: Raw): WebhookState {
  const w = isRecord(raw.webhook) ? raw.webhook : raw;
  const flag = w.secret_set ?? w.has_secret ?? w.configured ?? w.webhook_secret_set;
  const rotatedAt = timeOf(w, 'rotated_at', 'secret_rotated_at', 'webhook_rotated_at', 'rotatedAt');
  return { set: typeof flag === 'boolean' ? flag : rotatedAt ? true : undefined, rotatedAt };
}

/** The new secret's plaintext (its only copy on this side), or an error when the reply held none. */
export async function rotateWebhookSecret(ref: WorkflowRef): Promise<string> {
  try {
    const reply = await agent.call(ref.zone, 'workflows.webhook.rotate', { params: { id: ref.id } });
    const secret = isRecord(reply) ? pick(reply, 'secret', 'signing_secret', 'webhook_secret', 'value') : undefined;
    if (!secret) throw new Error('The zone rotated the secret but sent no plaintext back.');
    return secret;
  } finally {
    workflowChanged(ref);
  }
}
