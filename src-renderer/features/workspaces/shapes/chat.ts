/**
 * A workspace chat entry's open fields. The spec fixes kind (run or team), ref_id and mode; the
 * prompt's name is the zone's: prompt | message | text | content | input | query | instruction,
 * a string or a {text|content} record (a chat message object), or the first message of a list.
 */
import { isRecord, pick } from '@contract/tolerant';
import { field, fixedField, valueIn } from '../../../shapes/words';

export const PROMPT = field(
  'chat.prompt',
  'prompt',
  'message',
  'text',
  'content',
  'input',
  'query',
  'instruction',
  'task',
);
/** The spec's own word for how a chat runs (agent or team). */
export const MODE = fixedField('chat.mode', 'mode');
const INNER = field('chat.text', 'text', 'content', 'prompt', 'message', 'body', 'value');
const LIST = field('chat.messages', 'messages', 'turns');

function textOf(v: unknown, depth = 0): string | undefined {
  if (typeof v === 'string') return v.trim() ? v : undefined;
  if (depth > 2) return undefined;
  if (isRecord(v)) return textOf(valueIn(v, INNER), depth + 1);
  if (Array.isArray(v)) return textOf(v[0], depth + 1);
  return undefined;
}

/** The workflow a run a chat started belongs to (workflow_id | workflowId | workflow), or ''. */
export function runWorkflowOf(run: unknown): string {
  return (isRecord(run) ? pick(run, 'workflow_id', 'workflowId', 'workflow') : undefined) ?? '';
}

/** What the person asked, whichever way the zone kept it (`taught`: the name it asked for it under); undefined when it holds none. */
export function chatPromptOf(rec: unknown, taught?: string): string | undefined {
  const prompt = taught && !PROMPT.names.includes(taught) ? field(PROMPT.role, taught, ...PROMPT.names) : PROMPT;
  return textOf(valueIn(rec, prompt)) ?? textOf(valueIn(rec, LIST));
}
