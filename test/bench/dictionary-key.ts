/**
 * A dictionary lookup on the list's hot path (issue #39 item 5): the 100,000-row list's filter key
 * timed again once the zone's dictionary holds a person's choice of every field the rows read
 * (`zonedeck fields eu-1 container id=id name=name state=status created=created_at`, asked of the
 * running host's agent, as a person fixing a zone from the terminal would), then once more after
 * `--reset` (inferences only, as before). The list reads itself again when a choice lands or goes
 * (data/zone-dictionary.ts); each key is timed after that read. The delta is the chosen key less the
 * mean of the keys before and after (drift of the shared machine cancels). Goal: within the key's
 * own noise (`list_100k_dictionary_key_delta_ms` ≤ 2 ms).
 */
import { spawnSync } from 'node:child_process';
import { hostEnv } from '../e2e/support/app';
import type { ListTimer } from './list-timing';

const CHOSEN = ['id=id', 'name=name', 'state=status', 'created=created_at'];

/** The choice (or its reset), through the built command line in shared mode (the host's agent answers it). */
function fields(dataDir: string, args: string[]): number {
  const res = spawnSync(
    process.execPath,
    ['out/main/cli.js', '--data-dir', dataDir, 'fields', 'eu-1', 'container', ...args],
    {
      env: hostEnv(dataDir),
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (res.status !== 0)
    throw new Error(`zonedeck fields ${args.join(' ')} exited ${res.status}: ${res.stdout}${res.stderr}`);
  return res.stdout.split('\n').filter((l) => /^container\b.*\bchosen\b/.test(l.trim())).length;
}

/**
 * After `list_100k_key_median_ms` (the filter holding "7"): the key with every field chosen, then
 * again with the choice reset; `requests` counts the zone's requests, so a new read is seen.
 */
export async function keyWithDictionary(
  list: ListTimer,
  dataDir: string,
  requests: () => Promise<number>,
  out: Record<string, number>,
): Promise<void> {
  const readAgain = async (change: () => void) => {
    await list.typeFilter('');
    // The count asked of the in-app zone while it serves 100,000 rows: a reset connection is asked again.
    const count = () => requests().catch(() => -1);
    let before = -1;
    for (let i = 0; before < 0 && i < 50; i++) before = await count();
    change();
    for (let i = 0; (await count()) <= before; i++) {
      if (i > 300) throw new Error("the list was not read again in 30 s after the zone's dictionary changed");
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 3_000));
  };
  await readAgain(() => {
    if (fields(dataDir, CHOSEN) !== CHOSEN.length)
      throw new Error("zonedeck fields did not choose the container's fields");
  });
  await list.keyFigures('7', 'list_100k_key_chosen_ms', out);
  await readAgain(() => {
    if (fields(dataDir, ['--reset']) !== 0) throw new Error('zonedeck fields --reset left a chosen field');
  });
  await list.keyFigures('7', 'list_100k_key_again_ms', out);
  out.list_100k_dictionary_key_delta_ms =
    out.list_100k_key_chosen_ms! - (out.list_100k_key_median_ms! + out.list_100k_key_again_ms!) / 2;
}
