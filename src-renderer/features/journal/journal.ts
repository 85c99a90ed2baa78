/**
 * The journal's data for the screen: one page of entries for the filters chosen (read afresh on
 * each change and on Refresh: the file only grows, and a cache would show an old page), and the
 * export as a file's text, which the screen saves as a download.
 */
import type { JournalPage, JournalQuery } from '@contract/journal';
import { agent } from '../../agent';

export function readJournal(q: JournalQuery): Promise<JournalPage> {
  return agent.invoke('journal.list', q);
}

export function exportJournal(
  format: 'csv' | 'json',
  q: JournalQuery,
): Promise<{ fileName: string; text: string; count: number; more: boolean }> {
  const { limit: _all, ...query } = q;
  return agent.invoke('journal.export', { format, query });
}
