/**
 * Creating a workflow with a starter draft, in the zone's words: name, description and draft
 * under the names the zone's other workflows use. The draft is then checked in the reply (or a
 * read-back): a zone that dropped it (it reads the draft under another name) gets it again with
 * the draft update, under the name the created record uses, so a new workflow never opens empty.
 */
import { agent } from '../../agent';
import type { Raw } from '../../lib/tolerant';
import { canonSpec, createBody, draftBody, readDraft, workflowIdOf, workflowOf } from './shapes/workflow';
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
  let rec = workflowOf(res.data);
  const id = rec ? workflowIdOf(rec) : undefined;
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
  workflowReturned({ zone, id }, rec);
  return id;
}
