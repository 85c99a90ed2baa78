/** A refused setting in words: the field's own problem (invalid_input's details.fields) if named, else the message. */
import { toErrorData } from '../../lib/errors';

export function fieldError(e: unknown, field: string): string {
  const err = toErrorData(e);
  const fields = (err.details as { fields?: Record<string, unknown> } | undefined)?.fields;
  const mine = fields?.[field];
  return typeof mine === 'string' ? mine : err.message;
}
