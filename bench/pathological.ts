// Hostile inputs that grow: each family builds, for a scale n, what a user could paste (the
// workbench editors) and the same as a case file (the CLI). The benchmark times them at 1×, 2×,
// 4×; tests/unit/linear-work.test.ts counts the work they cause. Shared so both grow the same.
import { analyze } from '../src/state/engine/analysis';
import { auditCase } from '../src/core/audit';
import { parseCaseText } from '../src/core/parse/case';
import type { Inputs } from '../src/state/workbench/draft';

export interface Pathological {
  inputs: Inputs;
  /** The case file the CLI reads. */
  caseText: string;
}

export interface Family {
  name: string;
  /** Scale at 1× in the benchmark. */
  bench: number;
  /** Scale at 1× in tests/unit/linear-work.test.ts when not bench / 40 (a cost that needs more to show). */
  test?: number;
  /** Why this family is known to grow faster than linearly (benchmarked, not asserted). */
  known?: string;
  make: (n: number) => Pathological;
}

const QUERY = 'What does the source say?';

function plain(answer: string, chunks: { id: string; text: string }[] | string): Pathological {
  const chunksText = typeof chunks === 'string' ? chunks : JSON.stringify(chunks);
  return {
    inputs: { query: QUERY, answerText: answer, chunksText, goldText: '' },
    caseText: JSON.stringify({ query: QUERY, answer, chunks }),
  };
}

/** An answer pasted as a structured response (the Answer editor takes the JSON as it is). */
function structured(value: Record<string, unknown>, chunks: { id: string; text: string; title?: string; page?: number; url?: string; metadata?: Record<string, unknown> }[]): Pathological {
  const answerText = JSON.stringify(value);
  return {
    inputs: { query: QUERY, answerText, chunksText: JSON.stringify(chunks), goldText: '' },
    caseText: JSON.stringify({ query: QUERY, answer: '', chunks, structured_citations: value }),
  };
}

const ONE_CHUNK = [{ id: '1', text: 'The river basin recorded 1,200 mm of rain in 1987 at the main station.' }];

/** A readable sentence that differs with k, so nothing is deduplicated away. */
function sentence(k: number): string {
  return `Station ${k} recorded ${(k * 37) % 1000} mm of rain in the year ${1900 + (k % 120)}`;
}

function chunkList(count: number): { id: string; text: string }[] {
  return Array.from({ length: count }, (_, k) => ({ id: String(k + 1), text: `${sentence(k)}. The survey of district ${k} measured the river basin.` }));
}

/** About 10,000 characters of answer: 200 sentences. */
function fixedAnswer(): string {
  return Array.from({ length: 200 }, (_, k) => `${sentence(k)}.`).join(' ');
}

/**
 * n pages of one titled document, each cited once by a block of the answer, by page or by
 * characters (offsets in the whole document); the cited text is in its page, runs across the
 * break into the next page, or is nowhere in the document.
 */
function anthropicDocument(n: number, by: 'page' | 'char', cited: 'in page' | 'across' | 'nowhere' = 'in page'): Pathological {
  const chunks = Array.from({ length: n }, (_, k) => ({ id: `p${k + 1}`, title: 'Station report', page: k + 1, text: `${sentence(k)}. The survey of district ${k} measured the river basin.` }));
  const where = (k: number) => (by === 'page' ? { type: 'page_location', start_page_number: k + 1, end_page_number: k + 2 } : { type: 'char_location', start_char_index: 0, end_char_index: 10 });
  const quote = (k: number) =>
    cited === 'in page' ? `survey of district ${k} measured` : cited === 'across' ? `district ${k} measured the river basin. ${sentence(k + 1)}` : `the harbour of district ${k} froze over in winter`;
  const content = Array.from({ length: n }, (_, k) => ({
    type: 'text',
    text: `${sentence(k)}. `,
    citations: [{ ...where(k), cited_text: quote(k), document_index: 0, document_title: 'Station report' }],
  }));
  return structured({ content }, chunks);
}

/** An OpenAI Responses API answer: one text part of n words with a file citation after each. */
function openAiPoints(n: number, sentences: boolean): Pathological {
  const words = Array.from({ length: n }, (_, k) => `word${k}${sentences && k % 10 === 9 ? '.' : ''} `);
  const text = words.join('');
  const annotations: Record<string, unknown>[] = [];
  let at = 0;
  for (let k = 0; k < n; k++) {
    at += words[k]!.length;
    annotations.push({ type: 'file_citation', index: at - 1, file_id: String((k % 20) + 1), filename: `file${(k % 20) + 1}.txt` });
  }
  return structured({ output: [{ type: 'message', content: [{ type: 'output_text', text, annotations }] }] }, chunkList(20));
}

export const FAMILIES: Family[] = [
  // Unclosed citation syntax of every style: nothing ever closes, so a search for the closing
  // part from every opening must not run to the end each time.
  { name: 'unclosed <cite>[', bench: 10_000, make: (n) => plain(`Rain fell. ${'<cite>['.repeat(n)}`, ONE_CHUNK) },
  { name: 'unclosed <statement>', bench: 10_000, make: (n) => plain(`${'<statement>Rain fell <cite>'.repeat(n)}`, ONE_CHUNK) },
  { name: 'unclosed \\cite{', bench: 10_000, make: (n) => plain(`Rain fell. ${'\\cite{'.repeat(n)}`, ONE_CHUNK) },
  { name: 'unclosed [', bench: 200_000, make: (n) => plain(`Rain fell. ${'[a '.repeat(n)}`, ONE_CHUNK) },
  { name: 'unclosed 【', bench: 100_000, make: (n) => plain(`Rain fell. ${'【1'.repeat(n)}`, ONE_CHUNK) },
  { name: 'unclosed [^', bench: 200_000, make: (n) => plain(`Rain fell. ${'[^1 '.repeat(n)}`, ONE_CHUNK) },
  { name: '<cite> inside one statement', bench: 10_000, make: (n) => plain(`<statement>Rain fell. ${'<cite>[1]'.repeat(n)}</statement>`, ONE_CHUNK) },
  // Markers packed into one sentence: separated by spaces, and each followed by a comma.
  { name: 'markers in one sentence', bench: 10_000, make: (n) => plain(`Rain fell ${'[1] '.repeat(n)}today.`, ONE_CHUNK) },
  { name: 'marker, comma, in one sentence', bench: 10_000, make: (n) => plain(`Rain fell${' on a day [1],'.repeat(n)} and stopped.`, ONE_CHUNK) },
  { name: 'markers in a code block', bench: 200_000, make: (n) => plain(`Rain fell [1].\n\n\`\`\`\n${'[1] '.repeat(n)}\n\`\`\`\n\nIt stopped [1].`, ONE_CHUNK) },
  // Many inline citations over a few chunks, and many chunks cited once each.
  { name: 'many inline citations', bench: 2_000, make: (n) => plain(Array.from({ length: n }, (_, k) => `${sentence(k)} [${(k % 5) + 1}][${((k + 2) % 5) + 1}].`).join(' '), chunkList(5)) },
  { name: 'many chunks', bench: 8_000, make: (n) => plain(Array.from({ length: 50 }, (_, k) => `${sentence(k)} [${((k * 7919) % n) + 1}].`).join(' '), chunkList(n)) },
  {
    name: 'many chunks as text blocks',
    bench: 8_000,
    make: (n) => plain(`${sentence(1)} [1].`, chunkList(n).map((c) => `[${c.id}] Title ${c.id}\n${c.text}`).join('\n\n')),
  },
  // Structured citations: ids with quotes and no answer span over a fixed 10,000-character answer
  // (the measurement), and Cohere spans over an answer that grows with them.
  {
    name: 'offset citations, fixed answer',
    bench: 2_000,
    test: 500,
    make: (n) => {
      const chunks = chunkList(50);
      return structured(
        { answer: fixedAnswer(), citations: Array.from({ length: n }, (_, k) => ({ chunk_id: String((k % 50) + 1), start: 0, end: 20, quote: `district ${k % 50} measured` })) },
        chunks,
      );
    },
  },
  {
    name: 'id citations with quotes',
    bench: 1_000,
    test: 150,
    make: (n) => {
      const chunks = chunkList(n);
      return structured(
        { answer: Array.from({ length: n }, (_, k) => `${sentence(k)}.`).join(' '), citations: chunks.map((c, k) => ({ id: c.id, quote: `district ${k} measured` })) },
        chunks,
      );
    },
  },
  {
    name: 'Cohere spans',
    bench: 1_000,
    make: (n) => {
      const parts: string[] = [];
      const citations: Record<string, unknown>[] = [];
      let at = 0;
      for (let k = 0; k < n; k++) {
        const s = `${sentence(k)}. `;
        citations.push({ start: at, end: at + s.length - 2, text: s.slice(0, -2), document_ids: [String((k % 20) + 1)] });
        parts.push(s);
        at += s.length;
      }
      return structured({ text: parts.join(''), citations }, chunkList(20));
    },
  },
  {
    name: 'Cohere spans off by a few characters',
    bench: 1_000,
    // Spans are looked for within 2,048 characters of their offsets: the answer must be longer.
    test: 200,
    make: (n) => {
      const parts: string[] = [];
      const citations: Record<string, unknown>[] = [];
      let at = 0;
      for (let k = 0; k < n; k++) {
        const s = `${sentence(k)}. `;
        citations.push({ start: at + 3, end: at + s.length + 1, text: s.slice(0, -2), document_ids: [String((k % 20) + 1)] });
        parts.push(s);
        at += s.length;
      }
      return structured({ text: parts.join(''), citations }, chunkList(20));
    },
  },
  // Anthropic citations of one document pasted as many chunks (a PDF, one chunk per page, all
  // titled alike): the cited document is looked up, and the cited text chosen among its chunks.
  { name: 'Anthropic page citations, one document', bench: 1_000, make: (n) => anthropicDocument(n, 'page') },
  { name: 'Anthropic char citations, one document', bench: 1_000, make: (n) => anthropicDocument(n, 'char') },
  { name: 'Anthropic char citations, one document, across page breaks', bench: 1_000, make: (n) => anthropicDocument(n, 'char', 'across') },
  { name: 'Anthropic char citations, one document, cited text nowhere', bench: 1_000, make: (n) => anthropicDocument(n, 'char', 'nowhere') },
  // OpenAI annotations: file citations at a point after the cited words (the words back to the
  // sentence start are the span), in one endless sentence and in sentences; url citations with spans.
  { name: 'OpenAI file citations, one sentence', bench: 2_000, test: 200, make: (n) => openAiPoints(n, false) },
  { name: 'OpenAI file citations, sentences', bench: 2_000, make: (n) => openAiPoints(n, true) },
  {
    name: 'OpenAI url citations',
    bench: 1_000,
    make: (n) => {
      const parts = Array.from({ length: n }, (_, k) => `${sentence(k)}. `);
      const annotations: Record<string, unknown>[] = [];
      let at = 0;
      parts.forEach((p, k) => {
        annotations.push({ type: 'url_citation', url_citation: { start_index: at, end_index: at + p.length - 2, url: `https://example.org/${(k % 20) + 1}`, title: `Page ${(k % 20) + 1}` } });
        at += p.length;
      });
      const chunks = chunkList(20).map((c) => ({ ...c, url: `https://example.org/${c.id}` }));
      return structured({ choices: [{ message: { role: 'assistant', content: parts.join(''), annotations } }] }, chunks);
    },
  },
  // JSON marker spans (Liu et al.): where each [k] sits in an answer given beside them.
  {
    name: 'JSON marker spans',
    bench: 1_000,
    make: (n) => {
      const parts = Array.from({ length: n }, (_, k) => `${sentence(k)} [${(k % 20) + 1}]. `);
      const spans: Record<string, unknown>[] = [];
      let at = 0;
      parts.forEach((p, k) => {
        const m = p.indexOf('[');
        const marker = `[${(k % 20) + 1}]`;
        spans.push({ text: marker, start_index: at + m, end_index: at + m + marker.length });
        at += p.length;
      });
      return structured({ answer: parts.join(''), citations: spans }, chunkList(20));
    },
  },
  // LangChain's XMLOutputParser (cited_answer, citations of source ids with quotes) over n sources,
  // and a RetrievalQAWithSources-style list of source names, each naming a document of many chunks.
  {
    name: 'LangChain XML cited answer',
    bench: 1_000,
    make: (n) => {
      const citations = Array.from({ length: n }, (_, k) => ({ citation: [{ source_id: String(k) }, { quote: `survey of district ${k} measured` }] }));
      return structured({ cited_answer: [{ answer: Array.from({ length: n }, (_, k) => `${sentence(k)}.`).join(' ') }, { citations }] }, chunkList(n));
    },
  },
  {
    name: 'source names, each a document of many chunks',
    bench: 1_000,
    make: (n) => {
      const chunks = chunkList(n).map((c, k) => ({ ...c, metadata: { source: `report-${k % 10}.pdf`, page: k } }));
      return structured({ answer: Array.from({ length: n }, (_, k) => `${sentence(k)}.`).join(' '), sources: Array.from({ length: n }, (_, k) => `report-${k % 10}.pdf`) }, chunks);
    },
  },
  {
    name: 'structured citations naming no chunk',
    bench: 2_000,
    make: (n) => structured({ answer: Array.from({ length: n }, (_, k) => `${sentence(k)}.`).join(' '), citations: Array.from({ length: n }, (_, k) => ({ start: k, end: k + 5 })) }, chunkList(20)),
  },
  {
    name: 'quotes found nowhere, growing chunks',
    bench: 150,
    // Each quote's fuzzy search looks at no more than a budget of its grams' positions (about 16
    // per quote character): from this size on the budget holds, below it the search is exact and
    // costs what those positions number.
    test: 150,
    make: (n) => {
      const chunks = Array.from({ length: 10 }, (_, c) => ({ id: String(c + 1), text: Array.from({ length: n }, (_, k) => `${sentence(k * 10 + c)}.`).join(' ') }));
      return structured(
        { answer: Array.from({ length: n }, (_, k) => `${sentence(k)}.`).join(' '), citations: Array.from({ length: n }, (_, k) => ({ id: String((k % 10) + 1), quote: `the harbour ${k} froze over in winter` })) },
        chunks,
      );
    },
  },
  // Text without spaces, with combining marks, with Czech abbreviations, on one long line.
  { name: 'no spaces', bench: 1_000_000, make: (n) => plain(`${'x'.repeat(n)}[1]`, [{ id: '1', text: 'y'.repeat(n) }]) },
  {
    name: 'combining marks',
    bench: 3_000,
    make: (n) => plain(Array.from({ length: n }, (_, k) => `Cafe\u0301 ${k} se\u0301rvi\u0301t "cre\u0300me bru\u0302le\u0301e" [1].`).join(' '), [{ id: '1', text: 'Cafe\u0301 served cre\u0300me bru\u0302le\u0301e.' }]),
  },
  {
    name: 'Czech abbreviations',
    bench: 1_500,
    make: (n) =>
      plain(
        Array.from({ length: n }, (_, k) => `Podle § ${k} odst. 2 písm. a) zák. č. ${k}/2012 Sb. platí tzv. pravidlo č. ${k}, např. viz str. ${k} [1].`).join(' '),
        [{ id: '1', text: 'Podle § 5 odst. 2 písm. a) zák. č. 89/2012 Sb. platí tzv. pravidlo.' }],
      ),
  },
  {
    name: 'one long line, quotes',
    bench: 1_500,
    make: (n) => {
      const chunk = chunkList(n).map((c) => c.text).join(' ');
      return plain(Array.from({ length: n }, (_, k) => `It says "${sentence((k * 13) % n)}" [1].`).join(' '), [{ id: '1', text: chunk }]);
    },
  },
  // Deeply nested JSON where JSON is read: the chunks, a structured answer, a case file.
  {
    name: 'deeply nested JSON',
    bench: 500_000,
    make: (n) => {
      const deep = `${'['.repeat(n)}${']'.repeat(n)}`;
      return {
        inputs: { query: QUERY, answerText: `{"answer": "Rain fell [1].", "citations": ${deep}}`, chunksText: deep, goldText: '' },
        caseText: `{"query": "q", "answer": "Rain fell [1].", "chunks": ${deep}}`,
      };
    },
  },
  {
    name: 'unclosed nested JSON',
    bench: 500_000,
    make: (n) => {
      const deep = `${'[{"a":'.repeat(n)}`;
      return { inputs: { query: QUERY, answerText: `{"answer": ${deep}`, chunksText: deep, goldText: '' }, caseText: `{"query": "q", "answer": ${deep}` };
    },
  },
];

/** What the CLI does with a case file (parse, restore, audit), without the process around it. */
export function runCli(p: Pathological): void {
  const r = parseCaseText(p.caseText);
  if (r.value) auditCase(r.value);
}

/** What the audit worker does with the editors' texts. */
export function runWorker(p: Pathological): void {
  analyze({ seq: 1, revision: 1, inputs: p.inputs, attached: {}, settings: { requiredStyle: 'auto', language: 'auto' } }, 'worker');
}

/**
 * The least CPU time (user + system, ms) of `runs` runs: on a shared machine wall time measures
 * the other processes as much as this one, and the least of a few runs is the least disturbed.
 */
function cpuMs(fn: () => void, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/**
 * `npm run bench -- pathological`: per family, the CPU time at 1×, 2× and 4× through the CLI path
 * and the worker path, and the growth per doubling (the geometric mean of the two steps; 2 is
 * linear, 4 quadratic; target ≤ 2.2). Least of 3 runs after a warm-up run at 1×.
 */
export function benchPathological(filter?: (name: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FAMILIES) {
    if (filter && !filter(f.name)) continue;
    for (const [label, run] of [
      ['CLI', runCli],
      ['worker', runWorker],
    ] as const) {
      const inputs = [1, 2, 4].map((m) => f.make(f.bench * m));
      run(inputs[0]!);
      const ms = inputs.map((p) => cpuMs(() => run(p), 3));
      const growth = Math.sqrt(ms[2]! / ms[0]!);
      out[`${f.name} (n=${f.bench}), ${label}: 1×/2×/4× CPU ms, per doubling`] = `${ms.map((t) => t.toFixed(1)).join(' / ')}  ×${growth.toFixed(2)}${growth > 2.2 ? (f.known ? '  over target (known limit)' : '  OVER TARGET') : ''}`;
    }
  }
  return out;
}
