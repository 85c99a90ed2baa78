/**
 * Creating a workflow with a starter draft, in the zone's words: name, description and draft
 * under the names the zone's other workflows use. The draft is then checked in the reply (or a
 * read-back): a zone that dropped it (it reads the draft under another name) gets it again with
 * the draft update, under the name the created record uses, so a new workflow never opens empty.
 * Its name likewise: a zone that stored its default instead (it ignores a field it does not know)
 * gets the name again under the field of the record that should hold it (data/save-again.ts).
 */
import { agent } from '../../agent';
import type { Raw } from '../../lib/tolerant';
import { saveAgain } from '../../data/save-again';
import { storedReader } from '../../data/zone-dictionary';
import {
  canonSpec,
  createBody,
  draftBody,
  missedName,
  nameBody,
  readDraft,
  workflowIdOf,
  workflowOf,
} from './shapes/workflow';
import { workflowRecords, workflowReturned, workflowsListChanged } from './workflows';

/** A new workflow's first draft: small and valid, so the picture and publish work from the start. */
export const STARTER_SPEC = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'answer', type: 'llm', prompt: 'Answer briefly: {{input}}', model: 'sandbox-small' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'answer' },
    { from: 'answer', to: 'out' },
  ],
};

async function readWorkflow(zone: string, id: string): Promise<Raw | undefined> {
  return workflowOf(await agent.call(zone, 'workflows.get', { params: { id } }));
}

/** Creates a workflow with the starter draft; returns its id when the zone gave one. */
export async function createWorkflow(zone: string, name: string, description: string): Promise<string | undefined> {
  const others = workflowRecords(zone);
  const { values, words } = createBody(name, description, STARTER_SPEC, others);
  const res = await agent.send(zone, 'workflows.create', { body: values, words: { body: words } });
  const sent = res.sent?.body
    ? [...Object.keys(values).filter((k) => !words[k]), ...Object.values(res.sent.body)]
    : Object.keys(values);
  let rec = workflowOf(res.data);
  // The id under a name of ours, else where the zone's dictionary reads its workflows' ids.
  const id = rec ? (workflowIdOf(rec) ?? storedReader(zone, 'workflow', rec).id(rec)) : undefined;
  if (!id) {
    workflowsListChanged(zone);
    return undefined;
  }
  const want = canonSpec(STARTER_SPEC);
  if (!readDraft(rec).found) rec = (await readWorkflow(zone, id)) ?? rec;
  const kept = readDraft(rec);
  if (!kept.found || canonSpec(kept.spec) !== want) {
    const again = draftBody(STARTER_SPEC, kept.found ? rec : undefined, others);
    const upd = await agent.send(zone, 'workflows.update', {
      params: { id },
      body: again.values,
      words: { body: again.words },
    });
    const after = workflowOf(upd.data);
    rec = readDraft(after).found ? after : ((await readWorkflow(zone, id)) ?? rec);
  }
  const named = rec && storedReader(zone, 'workflow', rec).name(rec) === name;
  const missed = rec && !named && missedName(rec, name, { values, words });
  if (rec && missed) {
    const before = rec;
    const again = await saveAgain({
      zone,
      operationId: 'workflows.update',
      body: nameBody(name, before),
      readBack: before,
      missed: [missed],
      find: { sent, typed: Object.values(values), others },
      write: async (b) => {
        const upd = await agent.send(zone, 'workflows.update', {
          params: { id },
          body: b.values,
          words: { body: b.words },
        });
        return workflowOf(upd.data) ?? (await readWorkflow(zone, id));
      },
    });
    // Kept or not, the workflow exists; the record read last is the one shown.
    if (again.outcome !== 'unnamed') rec = (await readWorkflow(zone, id)) ?? rec;
  }
  workflowReturned({ zone, id }, rec);
  return id;
}
