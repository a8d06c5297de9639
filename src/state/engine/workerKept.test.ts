// The elements of a reply's arrays that equal the previous reply's stay in the worker: the runner
// puts back its own (workerProtocol.ts, keepUnchanged / restoreKept).
import { describe, expect, it } from 'vitest';
import { analyze, type Analysis, type AnalysisRequest } from './analysis';
import type { Inputs } from '../workbench/draft';
import { createWorkerHandler, inputsPatch, PartCollector, ReplyUnpacker, splitReply, type PackedAnalysis, type WorkerMessage } from './workerProtocol';

const CHUNKS = JSON.stringify([
  { id: 'a', text: 'The bridge opened in 1932 and is 503 metres long.' },
  { id: 'b', text: 'It carries eight lanes of traffic.' },
]);

/** An answer of n cited sentences, each with a length the chunk does not give (a finding each). */
const sentences = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Span ${i + from} of the bridge is ${600 + i + from} metres long [${i % 2 ? 'b' : 'a'}].`).join(' ');

const request = (seq: number, answerText: string): AnalysisRequest => ({
  seq,
  revision: seq,
  inputs: { query: 'Tell me about the bridge.', answerText, chunksText: CHUNKS, goldText: '' },
  attached: {},
  settings: { requiredStyle: 'auto', language: 'auto' },
});

const comparable = (a: Analysis) => ({ ...a, elapsedMs: 0, report: a.report && { ...a.report, meta: { ...a.report.meta, generated_at: '' } } });

/** Runner and worker as the page has them: parts, structured clone, the runner's unpacker. */
function pipe() {
  const handle = createWorkerHandler(analyze);
  const unpacker = new ReplyUnpacker();
  const parts = new PartCollector();
  let held: Inputs | null = null;
  const sent: PackedAnalysis[] = [];
  const send = (req: AnalysisRequest): Analysis => {
    const messages = structuredClone(splitReply(handle(structuredClone({ ...req, inputs: inputsPatch(held, req.inputs) })), 10)) as WorkerMessage[];
    held = req.inputs;
    let analysis: Analysis | null = null;
    for (const m of messages) {
      if ('part' in m) parts.add(m);
      else {
        const whole = parts.complete(m);
        if (!whole.ok) throw new Error(whole.error);
        sent.push(whole.analysis);
        analysis = unpacker.unpack(whole.analysis, req.inputs);
      }
    }
    return analysis!;
  };
  return { send, sent };
}

describe('worker replies: elements the runner already has', () => {
  it('a keystroke at the end sends only what changed; the runner puts back its own elements', () => {
    const { send, sent } = pipe();
    const text = sentences(30);
    const first = send(request(1, text));
    expect(first.report!.findings.length).toBeGreaterThanOrEqual(30);
    const second = send(request(2, `${text} And`));
    expect(comparable(second)).toEqual(comparable(analyze(request(2, `${text} And`), 'worker')));

    const kept = sent[1]!.kept ?? [];
    const paths = kept.map((k) => k.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['report.findings', 'report.claims', 'report.citations', 'report.markers', 'diagnostics']));
    // Every finding but those of the changed last claim stayed behind, and comes back as the same object.
    const findings = kept.find((k) => k.path.join('.') === 'report.findings')!;
    expect(findings.ranges[0]).toBe(0);
    expect(findings.ranges[1]).toBeGreaterThanOrEqual(first.report!.findings.length - 2);
    for (let i = 0; i < findings.ranges[1]!; i++) expect(second.report!.findings[i]).toBe(first.report!.findings[i]);
    // …and travelled as a stand-in.
    expect(structuredClone(sent[1]!.report!.findings.length)).toBe(second.report!.findings.length);
  });

  it('an edit in the middle: the changed elements travel and are the new ones', () => {
    const { send } = pipe();
    const before = `${sentences(12)} ${sentences(12, 12)}`;
    const a = send(request(1, before));
    // The same sentences except one length in the middle, which the chunk does give.
    const after = before.replace('612 metres', '503 metres');
    const b = send(request(2, after));
    const want = analyze(request(2, after), 'worker');
    expect(comparable(b)).toEqual(comparable(want));
    expect(b.report!.findings.length).toBe(a.report!.findings.length - 1);
    expect(b.report!.findings.map((f) => f.message)).not.toContain(a.report!.findings.find((f) => f.message.includes('612'))!.message);
    // Before the edit nothing moved: those are kept.
    expect(b.report!.findings[0]).toBe(a.report!.findings[0]);
  });

  it('edited chunks: a new report whatever was kept', () => {
    const { send } = pipe();
    const text = sentences(20);
    const first = send(request(1, text));
    // Chunk a now gives the first sentence's length: its finding goes.
    const req: AnalysisRequest = { ...request(2, text), inputs: { ...request(2, text).inputs, chunksText: CHUNKS.replace('503', '600') } };
    const got = send(req);
    expect(comparable(got)).toEqual(comparable(analyze(req, 'worker')));
    const absent = (a: Analysis) => a.report!.findings.filter((f) => f.code === 'number_absent').length;
    expect(absent(got)).toBe(absent(first) - 1);
  });

  it('a reply that keeps elements of a reply the runner never had is refused', () => {
    const handle = createWorkerHandler(analyze);
    const text = sentences(20);
    handle(request(1, text));
    const reply = handle({ ...request(2, `${text} And`), inputs: { answerText: `${text} And` } });
    expect(reply.ok && reply.analysis.kept?.length).toBeGreaterThan(0);
    if (!reply.ok) return;
    expect(() => new ReplyUnpacker().unpack(structuredClone(reply.analysis), request(2, `${text} And`).inputs)).toThrow(/never received/);
  });
});
