/**
 * The workflow's webhook signing secret. Rotating returns the plaintext once; it is handed to the
 * caller and never put in a store, a resource or browser storage, so closing the panel that shows
 * it is the end of it in this window.
 */
import { agent } from '../../../agent';
import { rotatedSecretOf } from '../shapes/workflow-webhook';
import { workflowChanged, type WorkflowRef } from '../workflows';

export { webhookOf, type WebhookState } from '../shapes/workflow-webhook';

/** The new secret's plaintext (its only copy on this side), or an error when the reply held none. */
export async function rotateWebhookSecret(ref: WorkflowRef): Promise<string> {
  try {
    const reply = await agent.call(ref.zone, 'workflows.webhook.rotate', { params: { id: ref.id } });
    const secret = rotatedSecretOf(reply);
    if (!secret) throw new Error('The zone rotated the secret but sent no plaintext back.');
    return secret;
  } finally {
    workflowChanged(ref);
  }
}
