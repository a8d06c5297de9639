// Every real case in ../shared/cases: the markers found are the markers the source shows (listed
// here by reading each case), claims are split sensibly, references resolve as the case's notes
// say, and hand-built structured inputs attach to the right claims. The cases are read at test
// time and never copied into the repo.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMarkers } from '../markers/markers';
import { createResolver } from './mapping';
import { splitClaims } from '../claims/claims';
import { detectLanguage } from '../../../tests/factories/language';
import { buildCitations } from './citations';
import type { Chunk, StructuredCitation, StructuredInput } from '../types';

const CASES_DIR = fileURLToPath(new URL('../../../../shared/cases/', import.meta.url));
const haveCases = existsSync(CASES_DIR);

interface Expected {
  markers: string[];
  claims: number;
  /** Exemption rules of the exempt claims, in answer order. */
  exempt: string[];
  language: 'en' | 'cs';
}

const n = (...refs: number[]) => refs.map((r) => `[${r}]`);

const EXPECTED: Record<string, Expected> = {
  alce_asqa_demo1: { markers: n(3, 3, 1), claims: 2, exempt: [], language: 'en' },
  alce_asqa_demo2: { markers: n(2, 3), claims: 2, exempt: [], language: 'en' },
  alce_eli5_demo1: { markers: n(1, 2, 3, 2), claims: 2, exempt: [], language: 'en' },
  // One claim per list entry: the comma list cites each entry on its own.
  alce_qampari_demo1: { markers: n(1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3), claims: 11, exempt: [], language: 'en' },
  anthropic_char_location_grass_sky_langchainjs_docs: { markers: [], claims: 3, exempt: ['meta_intro'], language: 'en' },
  anthropic_cookbook_citations_custom_content_helpcenter: { markers: [], claims: 3, exempt: [], language: 'en' },
  anthropic_cookbook_citations_plaintext_helpcenter: { markers: [], claims: 5, exempt: ['meta_intro'], language: 'en' },
  attributionbench_hagrid_can_you_vote_at_16_years_in_argentina: {
    markers: n(1, 2, 3, 4, 5, 2, 3, 4, 5),
    claims: 7,
    exempt: [],
    language: 'en',
  },
  azure_openai_on_your_data_docN: { markers: ['[doc1]', '[doc2]', '[doc4]', '[doc5]'], claims: 8, exempt: [], language: 'en' },
  cohere_chat_v2_citations_answer_spans: { markers: [], claims: 3, exempt: [], language: 'en' },
  ctkfacts_cs_supports_7: { markers: [], claims: 1, exempt: [], language: 'cs' },
  // "1[2]." is a list number glued to a marker; the marker goes to the lead-in before it, as in the
  // dataset's own split (8 claims). The lead-in "Some resources related to the work of Eros Alesi
  // include:" only announces the list (its one content word "work" is in the question): exempt.
  expertqa_post_hoc_gs_gpt4_domaintest13: { markers: n(1, 2, 3, 4, 5, 6, 7), claims: 8, exempt: ['lead_in'], language: 'en' },
  footnote_markdown_docid_penicillin: { markers: ['[^1]'], claims: 1, exempt: [], language: 'en' },
  langchain_qa_citations_structured_ids_brian: { markers: [], claims: 1, exempt: [], language: 'en' },
  liu2023_bing_chat_14c103cafe: { markers: n(1, 2, 3), claims: 4, exempt: ['question'], language: 'en' },
  llamaindex_citation_query_engine_chunk512: { markers: n(1, 2), claims: 2, exempt: [], language: 'en' },
  // [Fe/H] in the statements is not a marker; two statements have an empty <cite></cite>.
  longcite_oneshot_statement_cite_ranges: {
    markers: ['[10-10]', '[17-17]', '[6-7]'],
    claims: 5,
    exempt: ['longcite_empty_cite', 'longcite_empty_cite'],
    language: 'en',
  },
  sujbot2_cs_cite_eval_v2_q1: {
    markers: [59, 911, 1185, 1179, 1156, 879].map((k) => `\\cite{Sb_2016_263_2024-01-01_IZ_L3_${k}}`),
    claims: 10,
    exempt: ['heading', 'heading'],
    language: 'cs',
  },
};

interface RawCase {
  id?: string;
  query: string;
  answer: string;
  chunks: { id: string | number; text: string; [k: string]: unknown }[];
  structured_citations?: unknown;
  human_labels?: unknown;
}

function loadCase(name: string): RawCase {
  return JSON.parse(readFileSync(`${CASES_DIR}${name}.json`, 'utf8')) as RawCase;
}

function chunksOf(c: RawCase): Chunk[] {
  return c.chunks.map((k) => ({ ...k, id: String(k.id), text: k.text }));
}

function run(c: RawCase, structured?: StructuredInput) {
  const chunks = chunksOf(c);
  const language = detectLanguage(`${c.query}\n${c.answer}`);
  const scan = findMarkers(c.answer, { chunkIds: chunks.map((k) => k.id) });
  const resolver = createResolver(scan.markers, chunks, {
    footnoteDefinitions: scan.footnoteDefinitions,
    ...(structured ? { structured } : {}),
  });
  const claims = splitClaims(c.answer, scan.markers, language, { footnoteDefinitions: scan.footnoteDefinitions, query: c.query });
  const built = buildCitations({
    answer: c.answer,
    markers: scan.markers,
    mapping: resolver.mapping,
    claims,
    chunks,
    ...(structured ? { structured } : {}),
  });
  return { language, scan, mapping: resolver.mapping, ...built };
}

describe('shared cases are available', () => {
  it.runIf(process.env.CI === 'true')('in CI, ../shared/cases exists', () => {
    expect(haveCases, `missing ${CASES_DIR}`).toBe(true);
  });
});

describe.skipIf(!haveCases)('every shared case', () => {
  const names = haveCases
    ? readdirSync(CASES_DIR)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5))
        .sort()
    : [];

  it('has an expectation for every case file', () => {
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !(name in EXPECTED))).toEqual([]);
  });

  for (const name of names) {
    it(`${name}: markers, claims, language`, () => {
      const expected = EXPECTED[name];
      if (!expected) return;
      const c = loadCase(name);
      const r = run(c);
      expect(r.language).toBe(expected.language);
      expect(r.scan.markers.map((m) => m.text)).toEqual(expected.markers);
      for (const m of r.scan.markers) {
        expect(c.answer.slice(m.start, m.end)).toBe(m.text);
        expect(m.malformed).toBeUndefined();
      }
      expect(r.claims).toHaveLength(expected.claims);
      expect(r.claims.filter((k) => !k.needs_citation).map((k) => k.exemption?.rule)).toEqual(expected.exempt);
      for (let i = 0; i < r.claims.length; i++) {
        const k = r.claims[i];
        if (!k) continue;
        expect(k.index).toBe(i);
        expect(k.end).toBeGreaterThan(k.start);
        if (i > 0) expect(k.start).toBeGreaterThanOrEqual(r.claims[i - 1]?.end ?? 0);
        expect(k.text).not.toMatch(/\\cite\{|\[\d+\]|<cite>|<statement>/);
      }
      // Every citation sits in a claim, and each marker yields one citation per ref.
      expect(r.citations).toHaveLength(r.scan.markers.reduce((s, m) => s + m.refs.length, 0));
      for (const cit of r.citations) expect(cit.claim_index).toBeGreaterThanOrEqual(0);
    });
  }
});

describe.skipIf(!haveCases)('case details', () => {
  it('liu2023: markers equal the source offsets and claims equal the annotated statements', () => {
    const c = loadCase('liu2023_bing_chat_14c103cafe');
    const r = run(c);
    const source = c.structured_citations as { text: string; start_index: number; end_index: number }[];
    expect(r.scan.markers.map((m) => [m.text, m.start, m.end])).toEqual(source.map((s) => [s.text, s.start_index, s.end_index]));
    const labels = c.human_labels as { statements_to_citation_texts: Record<string, string[]> };
    expect(r.claims.map((k) => c.answer.slice(k.start, k.end))).toEqual(Object.keys(labels.statements_to_citation_texts));
    expect(r.citations.every((k) => !k.exists)).toBe(true); // the pages' text was never published
  });

  it('alce_asqa_demo1: sentences keep their before-the-period markers', () => {
    const r = run(loadCase('alce_asqa_demo1'));
    expect(r.claims.map((k) => k.chunk_ids)).toEqual([['3'], ['3', '1']]);
    expect(r.mapping.kind).toBe('id');
  });

  it('hagrid: [1] has no chunk and stays unresolved; ids are not positions', () => {
    const r = run(loadCase('attributionbench_hagrid_can_you_vote_at_16_years_in_argentina'));
    expect(Object.fromEntries(r.mapping.entries.map((e) => [e.ref, e.chunk_id]))).toEqual({ '1': null, '2': '2', '3': '3', '4': '4', '5': '5' });
    expect(r.citations.filter((k) => !k.exists).map((k) => k.marker)).toEqual(['[1]']);
  });

  it('footnote case: [^1] resolves through its definition, which is no claim', () => {
    const r = run(loadCase('footnote_markdown_docid_penicillin'));
    expect(r.scan.footnoteDefinitions.map((d) => [d.label, d.target])).toEqual([['1', 'doc-a']]);
    expect(r.citations.map((k) => [k.chunk_id, k.exists])).toEqual([['doc-a', true]]);
    expect(r.claims[0]?.text).toBe('Alexander Fleming discovered penicillin in 1928.');
  });

  it('longcite: inclusive ranges, [Fe/H] untouched', () => {
    const r = run(loadCase('longcite_oneshot_statement_cite_ranges'));
    expect(r.claims.map((k) => k.chunk_ids)).toEqual([[], ['10'], ['17'], ['6', '7'], []]);
    expect(r.scan.emptyCites).toHaveLength(2);
    expect(r.claims[1]?.text).toContain('[Fe/H]=-2.09');
  });

  it('sujbot2: \\cite ids resolve, chunks without text fail existence, headings are exempt', () => {
    const r = run(loadCase('sujbot2_cs_cite_eval_v2_q1'));
    expect(r.citations.map((k) => k.chunk_id)).toEqual(r.scan.markers.map((m) => m.refs[0]));
    expect(r.citations.every((k) => !k.exists)).toBe(true);
    expect(r.claims.filter((k) => k.needs_citation && k.citation_indexes.length === 0).map((k) => k.text.slice(0, 20))).toEqual([
      'Tato definice je sou',
      'To reflektuje důleži',
    ]);
  });

  it('Czech splitting on real text: sujbot2 gold answer (legal references) and ctkfacts paragraphs', () => {
    const sujbot = loadCase('sujbot2_cs_cite_eval_v2_q1') as RawCase & { gold_answer: string };
    const gold = splitClaims(sujbot.gold_answer, findMarkers(sujbot.gold_answer).markers, 'cs');
    // "(§ 2 odst. 3 písm. c). Zákon …" ends the first sentence; "odst.", "písm.", "např." never do.
    expect(gold).toHaveLength(2);
    expect(gold[0]?.text.endsWith('písm. c).')).toBe(true);
    const ctk = loadCase('ctkfacts_cs_supports_7');
    const counts = ctk.chunks.map((k) => splitClaims(k.text, [], 'cs').length);
    // Dateline "Ostrava 19. října (ČTK) - …", a quotation closing „…,“ mid-sentence.
    expect(counts).toEqual([2, 6, 4]);
  });

  it('expertqa: "[2]" glued after a list number cites the lead-in before it, as the dataset says', () => {
    const c = loadCase('expertqa_post_hoc_gs_gpt4_domaintest13');
    const r = run(c);
    expect(c.answer.slice(r.claims[1]?.start, r.claims[1]?.end).endsWith('include:\n\n1[2]')).toBe(true);
    expect(r.claims[1]?.chunk_ids).toEqual(['2']);
    expect(c.answer.slice(r.claims[2]?.start, r.claims[2]?.end).startsWith("Eros Alesi's personal website")).toBe(true);
    expect(r.claims[2]?.chunk_ids).toEqual(['3']);
    // Only the sentence the dataset labels "Missing" stays uncited.
    expect(r.claims.filter((k) => k.needs_citation && k.chunk_ids.length === 0).map((k) => k.index)).toEqual([4]);
  });

  it('azure: [docN] markers before the period; doc3 is never cited', () => {
    const r = run(loadCase('azure_openai_on_your_data_docN'));
    expect(r.citations.map((k) => [k.chunk_id, k.claim_index])).toEqual([
      ['doc1', 2],
      ['doc2', 5],
      ['doc4', 6],
      ['doc5', 7],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Structured forms, turned into StructuredInput by hand here (the parser is not under test)

interface AnthropicBlock {
  text: string;
  citations?: {
    cited_text: string;
    document_index?: number;
    document_title?: string;
    start_char_index?: number;
    end_char_index?: number;
  }[];
}

function fromBlocks(blocks: AnthropicBlock[], byTitle: boolean): StructuredInput {
  const citations: StructuredCitation[] = [];
  let offset = 0;
  for (const b of blocks) {
    for (const cit of b.citations ?? []) {
      const sc: StructuredCitation = {
        ref: byTitle ? (cit.document_title ?? '') : String(cit.document_index),
        refKind: byTitle ? 'title' : 'index0',
        answerStart: offset,
        answerEnd: offset + b.text.length,
        quote: cit.cited_text,
      };
      if (typeof cit.start_char_index === 'number') sc.sourceStart = cit.start_char_index;
      if (typeof cit.end_char_index === 'number') sc.sourceEnd = cit.end_char_index;
      citations.push(sc);
    }
    offset += b.text.length;
  }
  return { format: 'anthropic-blocks', citations };
}

describe.skipIf(!haveCases)('structured cases', () => {
  it('Anthropic grass/sky: each bullet gets its char_location citation', () => {
    const c = loadCase('anthropic_char_location_grass_sky_langchainjs_docs');
    const r = run(c, fromBlocks(c.structured_citations as AnthropicBlock[], false));
    expect(r.citations.map((k) => [k.marker, k.chunk_id, k.exists, k.claim_index, k.source_start, k.source_end])).toEqual([
      ['The grass is green', '0', true, 1, 0, 20],
      ['The sky is blue', '0', true, 2, 20, 36],
    ]);
    expect(r.claims.filter((k) => k.needs_citation && k.citation_indexes.length === 0)).toEqual([]);
  });

  it('Anthropic plaintext: resolved by document title; the last two sentences are uncited', () => {
    const c = loadCase('anthropic_cookbook_citations_plaintext_helpcenter');
    const blocks = (c.structured_citations as { blocks: AnthropicBlock[] }).blocks;
    const structured = fromBlocks(blocks, true);
    expect(blocks.map((b) => b.text).join('')).toBe(c.answer);
    const r = run(c, structured);
    expect(r.mapping.entries).toEqual([{ ref: 'title:Order Tracking Information', chunk_id: '3' }]);
    // The block of two sentences carries two citations: two citations of the answer, each sitting
    // in the sentence it matches best and listed by both sentences.
    expect(r.citations.map((k) => [k.chunk_id, k.claim_index])).toEqual([
      ['3', 1],
      ['3', 2],
    ]);
    expect(r.claims.map((k) => k.citation_indexes)).toEqual([[], [0, 1], [0, 1], [], []]);
    expect(r.claims.filter((k) => k.needs_citation && k.citation_indexes.length === 0).map((k) => k.index)).toEqual([3, 4]);
  });

  it('Anthropic custom content: one block citation covers all three sentences', () => {
    const c = loadCase('anthropic_cookbook_citations_custom_content_helpcenter');
    const blocks = (c.structured_citations as { content: AnthropicBlock[] }).content;
    const r = run(c, fromBlocks(blocks, false));
    // One citation of the answer, credited to each sentence it covers.
    expect(r.citations.map((k) => [k.chunk_id, k.claim_index])).toEqual([['3', 0]]);
    expect(r.claims.map((k) => k.chunk_ids)).toEqual([['3'], ['3'], ['3']]);
    expect(r.claims.map((k) => k.citation_indexes)).toEqual([[0], [0], [0]]);
  });

  it('Cohere: answer spans cite the sentences that contain them', () => {
    const c = loadCase('cohere_chat_v2_citations_answer_spans');
    const spans = c.structured_citations as { start: number; end: number; text: string; sources: { id: string }[] }[];
    const structured: StructuredInput = {
      format: 'cohere-spans',
      citations: spans.flatMap((s) => s.sources.map((src) => ({ ref: src.id, refKind: 'id' as const, answerStart: s.start, answerEnd: s.end }))),
    };
    const r = run(c, structured);
    expect(r.citations.map((k) => k.marker)).toEqual(spans.map((s) => s.text));
    expect(r.claims.map((k) => k.chunk_ids)).toEqual([['doc:1'], ['doc:1'], ['doc:0']]);
  });

  it('LangChain id list: both sources belong to the one-sentence answer', () => {
    const c = loadCase('langchain_qa_citations_structured_ids_brian');
    const ids = (c.structured_citations as { citations: number[] }).citations;
    const r = run(c, { format: 'id-list', citations: ids.map((id) => ({ ref: String(id), refKind: 'id' })) });
    expect(r.claims[0]?.chunk_ids).toEqual(['1', '3']);
    expect(r.citations.every((k) => k.exists && k.claim_index === 0)).toBe(true);
  });

  it('liu2023: structured marker spans do not double-count the inline markers', () => {
    const c = loadCase('liu2023_bing_chat_14c103cafe');
    const source = c.structured_citations as { start_index: number; end_index: number; link_target: string }[];
    const structured: StructuredInput = {
      format: 'offset-citations',
      citations: source.map((s) => ({ ref: s.link_target, refKind: 'id', answerStart: s.start_index, answerEnd: s.end_index })),
    };
    const r = run(c, structured);
    expect(r.citations.map((k) => [k.marker, k.marker_index, k.chunk_id])).toEqual([
      ['[1]', 0, '1'],
      ['[2]', 1, '2'],
      ['[3]', 2, '3'],
    ]);
  });
});
