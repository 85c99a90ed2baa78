/** journal.list and journal.export: the changes this machine sent, read back for the screen and for a file. */
import { z } from 'zod';
import { journalCsv } from '../../contract/journal';
import { MAX_LIMIT } from '../journal/journal-read';
import { command, zoneId } from './define';

const iso = z.string().min(1).max(40);
const query = z
  .object({
    zone: zoneId.optional(),
    kind: z.string().min(1).max(64).optional(),
    outcome: z.enum(['ok', 'failed']).optional(),
    since: iso.optional(),
    until: iso.optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  })
  .strict();

export const journalList = command<'journal.list'>(query, (q, ctx) => ctx.journal.read(q));

export const journalExport = command<'journal.export'>(
  z.object({ format: z.enum(['csv', 'json']), query }).strict(),
  async ({ format, query: q }, ctx) => {
    const page = await ctx.journal.read({ ...q, limit: MAX_LIMIT });
    const day = new Date().toISOString().slice(0, 10);
    const text = format === 'csv' ? journalCsv(page.entries) : `${JSON.stringify(page.entries, null, 2)}\n`;
    return { fileName: `zonedeck-changes-${day}.${format}`, text, count: page.entries.length, more: page.more };
  },
);
