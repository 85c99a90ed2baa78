import { describe, expect, it } from 'vitest';
import {
  placeProblems,
  readProblems,
  type SpecProblem,
} from '../../../../../src-renderer/features/workflows/editor/spec-errors';
import { parsePath } from '../../../../../src-renderer/features/workflows/editor/spec-paths';
import { validateSpec } from '../../../../../src-main/sandbox/workflows/spec';

const spec = `{
  "nodes": [
    { "id": "in", "type": "input" },
    { "id": "ask", "type": "llm" },
    { "id": "tool1", "type": "tool", "tool": 5 }
  ],
  "edges": [{ "from": "in", "to": "ghost" }]
}`;

/** Each placed problem as "message @ the text it marks". */
function marks(text: string, problems: SpecProblem[]): string[] {
  return placeProblems(text, problems).map((p) =>
    p.start === undefined
      ? `${p.message} @ (unplaced)`
      : `${p.message} @ ${text.slice(p.start, p.end)} [${p.nodeId ?? '-'}]`,
  );
}

describe('readProblems', () => {
  it('reads the sandbox map: node ids, _spec spec-wide, _edges on the edges', () => {
    const r = readProblems({
      valid: false,
      errors: {
        ask: ['llm node needs a prompt'],
        _spec: ['the graph has a cycle'],
        _edges: ['edge x → y: both ends unknown'],
      },
    });
    expect(r.valid).toBe(false);
    expect(r.specWide).toEqual([{ message: 'the graph has a cycle' }]);
    expect(r.placed).toEqual([
      { message: 'llm node needs a prompt', nodeId: 'ask' },
      { message: 'edge x → y: both ends unknown', path: ['edges'] },
    ]);
  });

  it('reads a valid reply as valid with nothing to show', () => {
    expect(readProblems({ valid: true, errors: {} })).toEqual({ specWide: [], placed: [], valid: true });
  });

  it('reads a 422 body, bare or inside an agent error, and single-string messages', () => {
    const body = { error: 'invalid_spec', message: 'The spec is invalid', errors: { ask: 'needs a prompt' } };
    for (const b of [body, { status: 422, code: 'invalid_spec', message: 'x', details: body }]) {
      const r = readProblems(b);
      expect(r.valid).toBe(false);
      expect(r.placed).toEqual([{ message: 'needs a prompt', nodeId: 'ask' }]);
      expect(r.specWide).toEqual([]);
    }
  });

  it('reads the agent error a 422 becomes: {status, code, message, details: {errors}}', () => {
    const agentError = {
      status: 422,
      code: 'invalid_spec',
      message: 'spec is invalid',
      details: { errors: { ask: ['x'] } },
    };
    expect(readProblems(agentError)).toEqual({ specWide: [], placed: [{ message: 'x', nodeId: 'ask' }], valid: false });
    expect(readProblems({ status: 422, code: 'invalid_spec', message: 'spec is invalid' }).specWide).toEqual([
      { message: 'spec is invalid' },
    ]);
  });

  it('falls back to the summary message when a failure lists no errors', () => {
    expect(readProblems({ error: 'invalid_spec', message: 'The spec is not valid JSON' }).specWide).toEqual([
      { message: 'The spec is not valid JSON' },
    ]);
  });

  it('reads node_errors and field maps per node', () => {
    const r = readProblems({ node_errors: { ask: { prompt: ['is required'], model: 'unknown' } } });
    expect(r.placed).toEqual([
      { message: 'prompt: is required', nodeId: 'ask' },
      { message: 'model: unknown', nodeId: 'ask' },
    ]);
  });

  it('reads lists of {node|node_id|step, message|msg|error}', () => {
    const r = readProblems({
      errors: [
        { node: 'a', message: 'one' },
        { node_id: 'b', msg: 'two' },
        { step: 'c', error: 'three' },
        { message: 'four' },
        'five',
      ],
    });
    expect(r.placed.map((p) => `${p.nodeId}:${p.message}`)).toEqual(['a:one', 'b:two', 'c:three']);
    expect(r.specWide.map((p) => p.message)).toEqual(['four', 'five']);
  });

  it('reads path-keyed maps in every notation', () => {
    const r = readProblems({
      errors: {
        'nodes[2].prompt': ['bad prompt'],
        '/nodes/1/type': ['bad type'],
        'steps.ask.needs': ['bad needs'],
        'nodes.ask': ['bad node'],
      },
    });
    expect(r.placed).toEqual([
      { message: 'bad prompt', path: ['nodes', 2, 'prompt'] },
      { message: 'bad type', path: ['nodes', 1, 'type'] },
      { message: 'bad needs', nodeId: 'ask', path: ['steps', 'ask', 'needs'] },
      { message: 'bad node', nodeId: 'ask', path: ['nodes', 'ask'] },
    ]);
  });

  it('reads FastAPI-like {detail: [{loc, msg}]}, dropping body/spec from the loc', () => {
    const r = readProblems({
      detail: [
        { loc: ['body', 'spec', 'nodes', 1, 'prompt'], msg: 'field required', type: 'missing' },
        { loc: ['body', 'spec'], msg: 'cycle' },
      ],
    });
    expect(r.placed).toEqual([{ message: 'field required', path: ['nodes', 1, 'prompt'] }]);
    expect(r.specWide).toEqual([{ message: 'cycle' }]);
    expect(r.valid).toBe(false);
  });

  it('returns nothing for garbage', () => {
    for (const b of [null, 42, 'x', [], {}, { errors: 7 }])
      expect(readProblems(b)).toEqual({ specWide: [], placed: [], valid: undefined });
  });
});

describe('parsePath', () => {
  it.each([
    ['nodes[2].prompt', ['nodes', 2, 'prompt']],
    ['/nodes/2/prompt', ['nodes', 2, 'prompt']],
    ['$.steps["my.step"].needs', ['steps', 'my.step', 'needs']],
    ['nodes.2.prompt', ['nodes', 2, 'prompt']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
  ])('%s', (s, want) => expect(parsePath(s)).toEqual(want));
});

describe('placeProblems: marker ranges', () => {
  it('marks the node id for node-keyed problems and fills nothing for unknown nodes', () => {
    expect(
      marks(spec, [
        { message: 'needs a prompt', nodeId: 'ask' },
        { message: 'gone', nodeId: 'nope' },
      ]),
    ).toEqual(['needs a prompt @ "ask" [ask]', 'gone @ (unplaced)']);
  });

  it('marks the value at a path, and names the node that holds it', () => {
    expect(marks(spec, [{ message: 'not a string', path: ['nodes', 2, 'tool'] }])).toEqual([
      'not a string @ 5 [tool1]',
    ]);
    expect(marks(spec, [{ message: 'bad end', path: ['edges', 0, 'to'] }])).toEqual(['bad end @ "ghost" [-]']);
  });

  it('marks the node id when the path names a whole node or a missing field of one', () => {
    expect(
      marks(spec, [
        { message: 'whole', path: ['nodes', 1] },
        { message: 'missing', path: ['nodes', 1, 'prompt'] },
        { message: 'by id', path: ['nodes', 'ask', 'prompt'] },
      ]),
    ).toEqual(['whole @ "ask" [ask]', 'missing @ "ask" [ask]', 'by id @ "ask" [ask]']);
  });

  it('marks the key of a list or object value, and leaves unresolvable paths unplaced', () => {
    expect(
      marks(spec, [
        { message: 'edges', path: ['edges'] },
        { message: 'far', path: ['nodes', 9, 'x'] },
        { message: 'elsewhere', path: ['settings', 'x'] },
      ]),
    ).toEqual(['edges @ "edges" [-]', 'far @ (unplaced)', 'elsewhere @ (unplaced)']);
  });

  it('places path-keyed problems in a steps map and read straight from a reply', () => {
    const text = `{"steps": {"fetch": {"uses": "http"}, "ask": {"needs": ["fetch", "zzz"]}}}`;
    const { placed } = readProblems({ errors: { 'steps.ask.needs': ['unknown step zzz'], fetch: 'slow' } });
    expect(marks(text, placed)).toEqual(['unknown step zzz @ "needs" [ask]', 'slow @ "fetch" [fetch]']);
  });
});

describe('the sandbox zone’s own validation, end to end', () => {
  it('puts each of its messages on the right node or at the top', () => {
    const draft = {
      nodes: [
        { id: 'in', type: 'input' },
        { id: 'ask', type: 'llm', prompt: '   ' },
        { id: 'out', type: 'output' },
      ],
      edges: [
        { from: 'in', to: 'ask' },
        { from: 'ask', to: 'nowhere' },
        { from: 'x', to: 'y' },
      ],
    };
    const text = JSON.stringify(draft, null, 2);
    const { specWide, placed, valid } = readProblems({ valid: false, errors: validateSpec(draft) });
    expect(valid).toBe(false);
    expect(specWide).toEqual([]);
    expect(marks(text, placed)).toEqual([
      'llm node needs a prompt @ "ask" [ask]',
      'edge to unknown node "nowhere" @ "ask" [ask]',
      'edges[2] joins unknown nodes @ "edges" [-]',
    ]);
  });
});
