import { describe, expect, it } from 'vitest';
import { analyze, type Analysis, type AnalysisRequest } from './analysis';
import type { Inputs } from '../workbench/draft';
import { createWorkerHandler, inputsPatch, PartCollector, ReplyPacker, ReplyUnpacker, splitReply, WorkerInputs, type WorkerPart, type WorkerReply } from './workerProtocol';

const CHUNKS = JSON.stringify([
  { id: 'a', text: 'The bridge opened in 1932 and is 503 metres long.' },
  { id: 'b', text: 'It carries eight lanes of traffic.' },
]);

const inputs = (answerText: string, chunksText = CHUNKS): Inputs => ({ query: 'Tell me about the bridge.', answerText, chunksText, goldText: '' });

const request = (seq: number, i: Inputs): AnalysisRequest => ({
  seq,
  revision: seq,
  inputs: i,
  attached: {},
  settings: { requiredStyle: 'auto', language: 'auto' },
});

/** What does not depend on the inputs: the time it took and when the report was made. */
function comparable(a: Analysis) {
  return { ...a, elapsedMs: 0, report: a.report && { ...a.report, meta: { ...a.report.meta, generated_at: '' } } };
}

/** Runner and worker as the page has them, with structured clone between them. */
function pipe() {
  const handle = createWorkerHandler(analyze);
  const unpacker = new ReplyUnpacker();
  let held: Inputs | null = null;
  const replies: WorkerReply[] = [];
  const send = (req: AnalysisRequest): Analysis => {
    const reply = structuredClone(handle(structuredClone({ ...req, inputs: inputsPatch(held, req.inputs) })));
    held = req.inputs;
    replies.push(reply);
    if (!reply.ok) throw new Error(reply.error);
    return unpacker.unpack(reply.analysis, req.inputs);
  };
  return { send, replies };
}

describe('worker protocol', () => {
  it('sends every input to a new worker, then only the ones that changed', () => {
    const a = inputs('One [a].');
    expect(inputsPatch(null, a)).toEqual(a);
    expect(inputsPatch(a, { ...a })).toEqual({});
    expect(inputsPatch(a, { ...a, answerText: 'Two [b].' })).toEqual({ answerText: 'Two [b].' });
    expect(inputsPatch(a, { ...a, chunksText: '[]', goldText: 'g' })).toEqual({ chunksText: '[]', goldText: 'g' });
  });

  it('the worker keeps the inputs it was sent and refuses to start from a partial set', () => {
    const held = new WorkerInputs();
    expect(() => held.apply({ answerText: 'x' })).toThrow(/query/);
    const a = inputs('One [a].');
    expect(held.apply(a)).toEqual(a);
    expect(held.apply({ answerText: 'Two [b].' })).toEqual({ ...a, answerText: 'Two [b].' });
    expect(held.apply({ chunksText: '[]' })).toEqual({ ...a, answerText: 'Two [b].', chunksText: '[]' });
  });

  it('gives the same analyses as analysing the full inputs, while typing and after the chunks change', () => {
    const { send, replies } = pipe();
    const steps = [
      inputs('The bridge opened in 1932 [a].'),
      inputs('The bridge opened in 1932 [a]. It has eight lanes [b].'),
      inputs('The bridge opened in 1932 [a]. It has eight lanes [b].', CHUNKS.replace('eight lanes', 'six lanes')),
      inputs('It has six lanes [b].', CHUNKS.replace('eight lanes', 'six lanes')),
      inputs('It has six lanes [b].', CHUNKS),
    ];
    steps.forEach((step, i) => {
      const got = send(request(i + 1, step));
      const want = analyze(request(i + 1, step), 'worker');
      expect(comparable(got)).toEqual(comparable(want));
      expect(got.case?.chunks).toBe(got.chunks.chunks);
    });
    // Chunks travelled with the first reply and each reply after they changed, and not otherwise.
    expect(replies.map((r) => r.ok && r.analysis.chunks !== null)).toEqual([true, false, true, false, true]);
    expect(replies.every((r) => r.ok && !('inputs' in r.analysis) && r.analysis.case?.chunks.length === 0)).toBe(true);
  });

  it('sees edited chunks: a citation to changed text is checked against the new text', () => {
    const { send } = pipe();
    const answer = 'It carries eight lanes of traffic [b].';
    const before = send(request(1, inputs(answer)));
    expect(before.chunks.chunks[1]?.text).toBe('It carries eight lanes of traffic.');
    const edited = CHUNKS.replace('It carries eight lanes of traffic.', 'It has a footpath.');
    const after = send(request(2, inputs(answer, edited)));
    expect(after.chunks.chunks[1]?.text).toBe('It has a footpath.');
    expect(after.case?.chunks[1]?.text).toBe('It has a footpath.');
    expect(comparable(after)).toEqual(comparable(analyze(request(2, inputs(answer, edited)), 'worker')));
  });

  it('keeps chunks that came with the case apart from the parsed ones', () => {
    const full = analyze(request(1, inputs('One [a].')));
    const own = [{ id: 'x', text: 'From the answer.' }];
    const a: Analysis = { ...full, case: { ...full.case!, chunks: own } };
    const packed = structuredClone(new ReplyPacker().pack(a));
    expect(packed.caseHasParsedChunks).toBe(false);
    const back = new ReplyUnpacker().unpack(packed, a.inputs);
    expect(back.case?.chunks).toEqual(own);
    expect(back.chunks).toEqual(full.chunks);
  });

  it('a reply carries no copy of a large input: the answer, query and gold answer come back from the runner', () => {
    const { send, replies } = pipe();
    // Distinct, long texts, so that finding one of them in the reply means it was copied whole.
    const answer = `${'The bridge opened in 1932 [a]. '.repeat(400)}Unique tail ${'x'.repeat(50)}.`;
    const query = `Which bridge? ${'q'.repeat(300)}`;
    const gold = `It opened in 1932. ${'g'.repeat(300)}`;
    const i: Inputs = { query, answerText: answer, chunksText: CHUNKS, goldText: gold };
    const got = send(request(1, i));
    const wire = JSON.stringify(replies[0]);
    expect(wire.includes(answer)).toBe(false);
    expect(wire.includes(query)).toBe(false);
    expect(wire.includes(gold)).toBe(false);
    // ... and the runner rebuilds exactly the analysis of the full inputs.
    expect(comparable(got)).toEqual(comparable(analyze(request(1, i), 'worker')));
    expect(got.case?.answer).toBe(answer);
    expect(got.answer.answer).toBe(answer);
    expect(got.case?.gold_answer).toBe(gold);
  });

  it('a reply carries no claim text that is the answer from the claim on: the runner slices it from its own answer', () => {
    const { send, replies } = pipe();
    // Claims without markers (their texts are the answer's own) and one with a marker (its text is not).
    const answer = `${'The bridge opened in nineteen thirty-two. '.repeat(300)}It has eight lanes [b].`;
    const got = send(request(1, inputs(answer)));
    const want = analyze(request(1, inputs(answer)), 'worker');
    expect(comparable(got)).toEqual(comparable(want));
    const sent = replies[0]!.ok ? replies[0]!.analysis.report!.claims : [];
    expect(sent).toHaveLength(want.report!.claims.length);
    // Every claim but the marked one travelled without its text (each was the whole answer again).
    expect(sent.filter((c) => c.text.length > 0).map((c) => c.text)).toEqual(['It has eight lanes.']);
    expect(want.report!.claims.slice(0, -1).every((c) => c.text === answer.slice(c.start, c.start + c.text.length))).toBe(true);
  });

  it('a text that differs from its input (a structured answer, parsed) still travels in the reply', () => {
    const { send, replies } = pipe();
    const structured = JSON.stringify({ answer: `The bridge opened in 1932 [1]. ${'y'.repeat(200)}`, citations: [{ id: 1, chunk_id: 'a' }] });
    const got = send(request(1, inputs(structured)));
    const expected = analyze(request(1, inputs(structured)), 'worker');
    expect(got.answer.answer).toBe(expected.answer.answer);
    expect(got.case?.answer).toBe(expected.case?.answer);
    if (expected.answer.answer !== structured && expected.answer.answer.length > 0) {
      expect(JSON.stringify(replies[0]).includes(JSON.stringify(expected.answer.answer).slice(1, -1))).toBe(true);
    }
  });

  it('a reply that refers to chunks never sent is refused', () => {
    const packer = new ReplyPacker();
    const a = analyze(request(1, inputs('One [a].')));
    packer.pack(a);
    const second = packer.pack({ ...a, seq: 2 });
    expect(second.chunks).toBeNull();
    expect(() => new ReplyUnpacker().unpack(second, a.inputs)).toThrow(/never sent/);
  });

  it('reports a failed analysis with its sequence number', () => {
    const handle = createWorkerHandler(() => {
      throw new Error('boom');
    });
    expect(handle({ ...request(7, inputs('x')), inputs: inputs('x') })).toEqual({ ok: false, seq: 7, error: 'boom' });
    // A first request without every input cannot be analysed either.
    expect(createWorkerHandler(analyze)({ ...request(8, inputs('x')), inputs: { answerText: 'x' } })).toMatchObject({ ok: false, seq: 8 });
  });
});

describe('replies in parts', () => {
  // Many unclosed markers: thousands of findings, markers and diagnostics.
  const big = () => createWorkerHandler(analyze)(request(1, inputs('Text \\cite{'.repeat(3000), '')));

  it('sends every long array as slices ahead of the reply, and the page puts them back', () => {
    const reply = big();
    if (!reply.ok) throw new Error(reply.error);
    const before = JSON.stringify(reply);
    const messages = splitReply(reply, 500).map((m) => structuredClone(m));
    expect(JSON.stringify(reply)).toBe(before); // the worker's reply is not modified
    const parts = messages.filter((m): m is WorkerPart => 'part' in m);
    const last = messages.at(-1)!;
    expect(messages.indexOf(last)).toBe(parts.length); // the reply comes after all its parts
    expect(parts.every((p) => p.items.length <= 500)).toBe(true);
    if ('part' in last || !last.ok) throw new Error('no reply');
    const paths = last.split!.map((s) => s.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['report.findings', 'diagnostics']));
    expect(last.analysis.report!.findings).toEqual([]);
    const collector = new PartCollector();
    for (const p of parts) collector.add(p);
    expect(collector.complete(last)).toEqual(JSON.parse(before));
  });

  it('a reply with no long array is sent as it is', () => {
    const reply = createWorkerHandler(analyze)(request(1, inputs('Paris [a].')));
    expect(splitReply(reply)).toEqual([reply]);
  });

  it('a missing part, or parts of another request, make the reply fail rather than show less', () => {
    const messages = splitReply(big(), 500);
    const parts = messages.filter((m): m is WorkerPart => 'part' in m);
    const last = messages.at(-1) as WorkerReply;
    const collector = new PartCollector();
    for (const p of parts.slice(1)) collector.add(p);
    expect(() => collector.complete(structuredClone(last))).toThrow(/elements/);
    for (const p of parts) collector.add({ ...p, seq: 99 });
    expect(() => collector.complete(structuredClone(last))).toThrow(/elements/);
  });
});
