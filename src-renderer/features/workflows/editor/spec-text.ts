/** A draft spec as text and back: what the editor shows, and the parse of what was typed. */

/** The draft spec as the editor shows it: pretty JSON, or the zone's text as is. */
export function specText(spec: unknown): string {
  if (spec === undefined) return '{\n  "nodes": [],\n  "edges": []\n}';
  return typeof spec === 'string' ? spec : JSON.stringify(spec, null, 2);
}

/** The typed text as JSON, or the parser's message. */
export function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
