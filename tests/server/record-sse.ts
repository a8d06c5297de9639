// Records the SSE bodies the fake server sends for a few model-run situations into
// tests/fixtures/sse/*.sse, for src/model/accumulator.test.ts (which reads them with no server).
// Re-run after a change to the fake server's wire format:
//
//   node --import tsx tests/server/record-sse.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeAnthropic, type Step } from './fake-anthropic';
import { threeClaimCase } from './factories';
import { ensureRawImports } from '../../bench/model';
import type { ModelRunOptions } from '../../src/model/run';

await ensureRawImports();
const { runModelAudit } = await import('../../src/model/run');
const KEY = ['sk', 'ant', 'api03-RECORD-0123456789abcdef'].join('-');

const OUT = path.resolve(import.meta.dirname, '../fixtures/sse');

const recordings: { name: string; steps: Step[]; opts?: Partial<ModelRunOptions> }[] = [
  { name: 'text-json', steps: [{ kind: 'judge' }] },
  { name: 'thinking-crlf-comments', steps: [{ kind: 'judge', thinking: true, wire: { crlf: true, comments: true, pieceChars: 17 } }] },
  { name: 'tool-submit', steps: [{ kind: 'judge' }], opts: { mode: 'tool' } },
  { name: 'chunk-lookup', steps: [{ kind: 'tool_use', chunkId: 'c2' }, { kind: 'judge' }] },
  { name: 'overloaded-mid-stream', steps: [{ kind: 'judge', errorAfterClaims: 1, errorType: 'overloaded_error' }] },
  { name: 'cut-after-one-claim', steps: [{ kind: 'judge', cutAfterClaims: 1, cutMode: 'end' }] },
  { name: 'max-tokens', steps: [{ kind: 'judge', truncateAfterClaims: 1 }, { kind: 'judge' }, { kind: 'judge' }] },
  { name: 'proxy-bare', steps: [{ kind: 'judge', wire: { noEventLines: true, doneMarker: true, noMessageStop: true, usageInDelta: true, bareTextDeltas: true } }] },
  { name: 'whole-blocks-extra-fields', steps: [{ kind: 'judge', wire: { wholeBlocksInStart: true, extraFields: true } }], opts: { mode: 'tool' } },
];

const server = await startFakeAnthropic();
const realFetch = globalThis.fetch;
let bodies: string[] = [];
globalThis.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  if (!String(input instanceof Request ? input.url : input).endsWith('/v1/messages')) return res;
  const [a, b] = res.body!.tee();
  // The copy is read to its end on the side; the run reads the other as it comes.
  void new Response(b).text().then((t) => bodies.push(t));
  return new Response(a, { status: res.status, statusText: res.statusText, headers: res.headers });
};
try {
  for (const r of recordings) {
    server.reset();
    server.script(...r.steps);
    bodies = [];
    const { c, report } = threeClaimCase();
    await runModelAudit(c, report, { apiKey: KEY, baseURL: server.url, sleep: async () => {}, nonce: '0123456789abcdef', ...r.opts }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(path.join(OUT, `${r.name}.sse`), bodies[0] ?? '');
    console.log(`${r.name}: ${bodies.length} response(s), first ${bodies[0]?.length ?? 0} bytes`);
  }
} finally {
  globalThis.fetch = realFetch;
  await server.close();
}
