/**
 * The one way a schema failure becomes an error: a readable sentence about the first problem,
 * and every field's problem in details.fields. Used for command input and the zone registry.
 */
import { AGENT_CODES, AgentError } from './errors';

/** The part of a zod issue read here (structural, so the contract does not depend on zod). */
export interface InputIssue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  /** Set on 'unrecognized_keys' issues. */
  keys?: readonly string[];
}

const WHOLE_INPUT = '(input)';
/** A rule's sentence may quote the input (a URL, a path): a page's megabyte is not echoed back. */
const MAX_ISSUE = 200;
const bounded = (text: string) => (text.length > MAX_ISSUE ? `${text.slice(0, MAX_ISSUE)}…` : text);

/** `subject` names what was checked (a command such as zones.add) in the sentence. */
export function invalidInput(issues: readonly InputIssue[], subject?: string): AgentError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) fields[bounded(base ? `${base}.${key}` : key)] ??= 'Unknown field';
    } else {
      fields[bounded(base) || WHOLE_INPUT] ??= bounded(issue.message);
    }
  }
  const first = issues[0];
  const sentence = !first
    ? 'malformed'
    : first.code === 'unrecognized_keys' && first.keys?.length
      ? `Unknown field: ${bounded(first.keys.join(', '))}`
      : `${first.path.length ? `${bounded(first.path.map(String).join('.'))}: ` : ''}${bounded(first.message)}`;
  return new AgentError({
    status: 0,
    code: AGENT_CODES.validation,
    message: subject ? `Invalid input for ${subject} — ${sentence}.` : sentence,
    details: { fields },
  });
}
