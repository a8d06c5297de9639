// The shared vocabulary of the audit core. Input shapes are zod schemas (the single source of
// truth for validation and for the editor's JSON schema); derived results are plain types.
import { z } from './zod';
import type { CaseInput, CheckName, Dimension } from './checks/registry';

export type { CheckName, Dimension };

export const TOOL_VERSION = '0.1.0';

// ---------------------------------------------------------------------------------------------
// Input: the audit case (SPEC §2)

// The input types are written out (the schemas are checked to produce exactly them in
// src/core/types.test.ts) so that the library's declarations (docs/library.md) name no zod type.

/** One retrieved chunk; fields other than these are kept as they are. */
export interface Chunk {
  id: string;
  text: string;
  title?: string | undefined;
  url?: string | undefined;
  page?: number | undefined;
  [key: string]: unknown;
}

export type Language = 'en' | 'cs';

/** One RAG answer to audit (SPEC §2); fields other than these are kept as they are. */
export interface AuditCase {
  id?: string | undefined;
  query: string;
  answer: string;
  chunks: Chunk[];
  gold_answer?: string | undefined;
  structured_citations?: unknown;
  language?: Language | undefined;
  [key: string]: unknown;
}

const idLike = z.union([z.string(), z.number().transform((n) => String(n))]);

export const ChunkSchema = z.looseObject({
  id: idLike,
  text: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  page: z.number().optional(),
});

export const LanguageSchema = z.enum(['en', 'cs']);

export const CaseSchema = z.looseObject({
  id: idLike.optional(),
  query: z.string(),
  answer: z.string(),
  chunks: z.array(ChunkSchema),
  gold_answer: z.string().optional(),
  structured_citations: z.unknown().optional(),
  language: LanguageSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Errors with a position (SPEC §2: "a precise error at its position")

export interface ParseError {
  /** What is wrong and what was expected, one sentence. */
  message: string;
  /** 1-based line and column in the text that was parsed. */
  line: number;
  column: number;
  /** 0-based offsets (JS string indexes) into that text; end is exclusive. */
  offset: number;
  endOffset: number;
  /** Which input the text came from. */
  source: InputName;
}
export type InputName = 'case' | 'query' | 'answer' | 'chunks' | 'gold_answer' | 'structured_citations' | 'dataset';

// ---------------------------------------------------------------------------------------------
// Detected formats (shown to the user)

export type ChunkFormat =
  | 'json-array'
  | 'json-map'
  | 'jsonl'
  | 'text-blocks'
  | 'empty';

export type AnswerFormat =
  | 'plain'
  | 'offset-citations' // { answer, citations: [{ page?, chunk_id?, start, end, quote }] }
  | 'anthropic-blocks' // Citations API content blocks (bare list, {content: [...]}, or {blocks: [...]})
  | 'id-list' // { answer, citations: [0, 3] } or [{ id, quote }]
  | 'cohere-spans' // spans into the answer with sources
  | 'azure-on-your-data' // Azure OpenAI "On Your Data" messages with a JSON string of citations
  | 'openai-annotations' // OpenAI Responses / Chat Completions / Assistants text with annotations
  | 'json-unknown';

// ---------------------------------------------------------------------------------------------
// Structured citations, normalised from any structured form (SPEC §3)

export type RefKind =
  | 'id' // ref is a chunk id as written
  | 'index0' // ref is a 0-based position into chunks (Anthropic document_index, LangChain 0-based ids)
  | 'index1' // ref is a 1-based position
  | 'title'; // ref is a document title

export interface StructuredCitation {
  ref: string;
  refKind: RefKind;
  /** Span of the answer this citation is attached to (JS string offsets, end exclusive), if known. */
  answerStart?: number;
  answerEnd?: number;
  /** Quoted source text, if the form carries one (Anthropic cited_text, offset quote). */
  quote?: string;
  /** Offsets into the cited chunk's text (0-based, end exclusive after normalisation). */
  sourceStart?: number;
  sourceEnd?: number;
  /** Location kind as the source form calls it, for display: 'char_location', 'page_location', ... */
  location?: string;
  page?: number;
  /** End of a page range (exclusive, as the Anthropic API counts), with page. */
  pageEnd?: number;
  /** Content block range of an Anthropic content_block_location (end exclusive). */
  blockStart?: number;
  blockEnd?: number;
  /** The cited document's title as the form names it (Anthropic document_title). */
  documentTitle?: string;
  /**
   * Every chunk the citation's location covers (several pages, several blocks), when it was
   * resolved to chunks by location; ref is then the one holding the quote.
   */
  chunkIds?: string[];
  /** The structured form's own object for this citation, kept for display and export. */
  raw?: unknown;
}

export interface StructuredInput {
  format: AnswerFormat;
  /** The answer text the structured form implies (e.g. concatenated block texts), when it has one. */
  answer?: string;
  citations: StructuredCitation[];
  /** Chunks the structured form carried itself (e.g. Azure citations, Cohere sources). */
  chunks?: Chunk[];
}

// ---------------------------------------------------------------------------------------------
// Citations found in the answer (SPEC §3)

export type CitationStyle =
  | 'latex_cite' // \cite{a,b}
  | 'bracket_number' // [1], [1][2], [1, 2], [1-3]
  | 'bracket_id' // [doc1], [chunk_7]
  | 'fullwidth' // 【1】 (optionally 【1†source】)
  | 'footnote' // [^1] with [^1]: id definitions
  | 'longcite' // <cite>[s-e][s-e]</cite>
  | 'structured'; // from a structured form, no inline marker

/** The styles an audit may require of every marker ('auto': whichever the answer uses most). */
export const REQUIRED_STYLES = ['auto', 'latex_cite', 'bracket_number', 'bracket_id', 'footnote', 'fullwidth', 'longcite'] as const;
export type RequiredStyle = (typeof REQUIRED_STYLES)[number];

/** What a citation covers: its sentence, or the paragraph it closes. */
export const CITATION_SCOPES = ['sentence', 'paragraph'] as const;
export type CitationScope = (typeof CITATION_SCOPES)[number];

/** One syntactic marker in the answer. */
export interface CitationMarker {
  index: number;
  /** The exact marker text, e.g. "\\cite{a,b}" or "[1-3]". */
  text: string;
  start: number;
  end: number;
  style: CitationStyle;
  /** References as written, ranges expanded: "[1-3]" => ["1","2","3"]. */
  refs: string[];
  /** Why the marker is malformed ("empty \\cite{}", "unclosed \\cite{", "empty brackets"), if it is. */
  malformed?: string;
}

/** How references map to chunk ids; always reported, never guessed silently. */
export interface IdMapping {
  kind: 'id' | 'index1' | 'index0' | 'footnote' | 'title' | 'mixed' | 'none';
  /** Human-readable sentence, e.g. "[n] → n-th chunk (1-based): chunk ids are not numbers". */
  description: string;
  /** The description's sentences as texts (core/report/messages.ts), to write it in another language. */
  texts?: Msg[];
  entries: { ref: string; chunk_id: string | null }[];
}

export type SourceVerificationStatus = 'VERIFIED' | 'UNCERTAIN' | 'LIKELY_FABRICATED';

export interface SourceVerification {
  status: SourceVerificationStatus;
  /** How it was found: exact at the given offsets, after normalisation, elsewhere in the chunk, fuzzy. */
  method: 'exact' | 'normalized' | 'relocated' | 'fuzzy' | 'none';
  /** Offsets problems: out of bounds, start >= end. */
  offset_problem?: string;
  /** Where the quote really is in the chunk text (0-based, end exclusive), when found. */
  found_start?: number;
  found_end?: number;
  /** Similarity 0..1 of the best fuzzy match. */
  similarity?: number;
  /** Which chunk it was checked against (may differ from the cited one for Anthropic title lookups). */
  chunk_id: string | null;
}

/** One (marker, reference) pair: the unit the report lists and the model judges. */
export interface Citation {
  index: number;
  marker: string;
  marker_index: number | null;
  ref: string;
  chunk_id: string | null;
  start: number;
  end: number;
  exists: boolean;
  /**
   * The claim it sits in. A citation over several claims (one text block of three sentences) is
   * still one citation: every claim it credits lists it in citation_indexes.
   */
  claim_index: number;
  style: CitationStyle;
  quote?: string;
  source_start?: number;
  source_end?: number;
  source_verification?: SourceVerification;
  /** Every chunk a structured location covers (pages start..end of a PDF split per page), when several. */
  source_chunk_ids?: string[];
  /** How the structured form names the cited place (document title, pages end-exclusive), for messages. */
  source_document?: { title?: string; pages?: [number, number] };
}

// ---------------------------------------------------------------------------------------------
// Claims (sentences and list items)

export type ClaimKind = 'sentence' | 'list_item' | 'heading' | 'question' | 'meta';

/** Every rule that exempts a claim from needing a citation (Claim.exemption.rule); each has its words in the UI catalogues. */
export const EXEMPTION_RULES = ['heading', 'question', 'meta', 'meta_intro', 'lead_in', 'lead_in_unsure', 'advice', 'no_information', 'longcite_empty_cite', 'no_content'] as const;
export type ExemptionRule = (typeof EXEMPTION_RULES)[number];

export interface Claim {
  index: number;
  /** The claim's text without its citation markers. */
  text: string;
  /** Span in the answer including trailing markers that belong to it. */
  start: number;
  end: number;
  kind: ClaimKind;
  chunk_ids: string[];
  citation_indexes: number[];
  needs_citation: boolean;
  /**
   * Why a claim is exempt from needing a citation, e.g. { rule: 'question', ... }. `doubtful`: the
   * rule is not sure (a lead-in naming more than an announcement would); COMPLETE warns when such
   * a claim has no citation, without failing.
   */
  exemption?: { rule: string; reason: string; doubtful?: boolean };
  /** Which block of the answer the claim is in (a paragraph, a list item, a LongCite statement). */
  paragraph?: number;
  /** Set when the claim has no marker of its own and its citations are its paragraph's final ones (citation scope 'paragraph'). */
  credited_by?: 'paragraph';
}

// ---------------------------------------------------------------------------------------------
// Findings of the local checks (positioned; strings in the report are made from these)

// The checks' names and the dimensions are those of the table of checks (core/checks/registry.ts).

/**
 * A text the core writes, kept as its catalogue key and parameters (core/report/catalogue/) so that it
 * can be written in either language: the page shows it in the interface language, exports in the
 * feedback language (core/report/localize.ts). A parameter may itself be a text (a citation's label).
 */
export interface Msg {
  key: string;
  params: { [name: string]: MsgParam };
}
export type MsgParam = string | number | boolean | null | undefined | readonly string[] | readonly [number, number] | Msg;

/** A report's words as texts; a plain string is someone else's words (the model's, a parser's), kept as they are. */
export interface ReportTexts {
  summary: (Msg | string)[];
  recommendations: (Msg | string)[];
  issues: Record<Dimension, (Msg | string)[]>;
}

export interface Finding {
  check: CheckName;
  dimension: Dimension;
  /** error fails its dimension; warning is reported but does not fail; info is a hint. */
  severity: 'error' | 'warning' | 'info';
  /** Stable machine code, e.g. 'unknown_chunk', 'empty_chunk', 'uncited_claim', 'number_absent'. */
  code: string;
  /** In the report's language (meta.language); `text` is the same words as a key and parameters. */
  message: string;
  text?: Msg;
  /** Span in the answer (JS string offsets, end exclusive). */
  start: number;
  end: number;
  citation_index?: number;
  claim_index?: number;
  chunk_id?: string;
  /** For relevance: the chunk that matches the claim better. */
  suggested_chunk_id?: string;
  /** The answer text at [start, end), filled by auditCase (shortened when long). */
  excerpt?: string;
  /** For quotes: where in the chunk text the finding points. */
  chunk_start?: number;
  chunk_end?: number;
}

/** A finding as a check writes it: the table of checks stamps its `check` and `dimension`. */
export type CheckFinding = Omit<Finding, 'check' | 'dimension'>;

// ---------------------------------------------------------------------------------------------
// Report (SPEC §6, §7)

export type Status = 'PASS' | 'FAIL' | 'NOT_CHECKED';
export type Verdict = 'PASS' | 'FAIL' | 'INCOMPLETE';

export type SupportVerdict = 'fully_supported' | 'partially_supported' | 'not_supported';

export interface SupportJudgement {
  chunk_id: string;
  verdict: SupportVerdict;
  supporting_phrase: string;
  missing_or_extra: string;
  decision_basis: string;
  /** False when the supporting phrase is not in the chunk (then it cannot count as fully supported). */
  phrase_verified?: boolean;
  /** True when the local numbers check capped the verdict. */
  capped_by_numbers?: boolean;
  /**
   * With repeated judgements (`--repeat K`): the K verdicts the model gave this pair, in the order
   * the judgements were made (fewer when a judgement left the claim out). `verdict` is the one the
   * rule kept.
   */
  verdicts?: SupportVerdict[];
}

/** Which of K repeated verdicts stands: the stricter (lowest) one, or the most frequent (a tie goes to the stricter). */
export type RepeatRule = 'stricter' | 'majority';

/**
 * How often a judge repeated K times agreed with itself (docs/model.md): over the (claim, chunk)
 * pairs judged at least twice, the share whose verdicts all agree and the mean agreement of every
 * two of their verdicts.
 */
export interface Stability {
  /** Judgements asked for per pair. */
  k: number;
  rule: RepeatRule;
  /** Pairs judged at least twice. */
  n: number;
  /** Of those, pairs whose verdicts differ. */
  unstable: number;
  /** (n − unstable) / n; null when n is 0. */
  agreeing_share: number | null;
  /** The mean, over the pairs, of the share of their verdicts' pairs that agree; null when n is 0. */
  pairwise_agreement: number | null;
}

export interface ReportClaim extends Claim {
  support?: SupportJudgement[];
  /** The model's verdict on the claim's citations taken together (ALCE's joint support), if given. */
  joint_support?: SupportVerdict;
  /**
   * How a model-judged report decided the claim (absent in local reports): by a local check, by
   * the model, or not at all (`unjudged_reason` says why; 'exempt' claims needed no judgement).
   */
  decided_by?: 'local' | 'model' | 'unjudged';
  unjudged_reason?: UnjudgedReason;
}

/**
 * Why a claim of a model-judged report was not judged: the model's reply gave no verdict for it,
 * the reply could not be read, the run stopped before it (cut, timed out, cancelled, failed), the
 * chunks or answer were unreadable, or the claim needs no citation and so no judgement.
 */
export type UnjudgedReason = 'no_verdict' | 'unparsed' | 'cut' | 'unreadable' | 'exempt';

/** The counts of a model-judged report's claims by how they were decided (docs/model.md). */
export interface Ledger {
  /** Claims that needed a judgement: every claim but the exempt ones. */
  needing: number;
  local: number;
  model: number;
  /** Claims that needed a judgement and got none. */
  unjudged: number;
  exempt: number;
  /** (local + model) / needing; null when no claim needed a judgement. */
  judged_share: number | null;
  /** Unjudged claims by reason (exempt ones not included). */
  reasons: Partial<Record<Exclude<UnjudgedReason, 'exempt'>, number>>;
}

export interface AnswerEvaluation {
  verdict: 'CORRECT' | 'PARTIALLY_CORRECT' | 'INCORRECT';
  missing_information: string[];
  correctness_score: number;
  explanation?: string;
}

export interface Scores {
  /** Share of claims needing a citation that have one (local). */
  citation_coverage: number | null;
  /** Share of citations whose chunk exists and has text (local). */
  citation_existence: number | null;
  /** Mean source verification (1 / 0.5 / 0) over citations with a quote (local). */
  source_verification: number | null;
  /** ALCE citation recall/precision (model). */
  citation_recall: number | null;
  citation_precision: number | null;
  /** Mean of 1/0.5/0 over judged (claim, chunk) pairs (model). */
  support_weighted_precision: number | null;
  mean_support: number | null;
  interpretability: number | null;
  correctness: number | null;
  overall_score: number | null;
}

export interface Report {
  verdict: Verdict;
  dimensions: Record<Dimension, { status: Status; issues: string[] }>;
  /** Our own words on the computed result (the model's free text is model_summary, apart). */
  summary: string;
  /**
   * The model's free-text summary, shown as its words and never as the verdict; `contradicts`
   * when it claims more support than the computed result grants.
   */
  model_summary?: { text: string; contradicts: boolean };
  /** Our own recommendations (the model's are model_recommendations, apart). */
  recommendations: string[];
  /**
   * The model's recommendations, as it wrote them: shown as its words, never among ours. Empty and
   * contentless lines ("ok", "none", "n/a") are left out.
   */
  model_recommendations?: string[];
  /** summary, recommendations and issues as texts, to write them in another language (absent in older reports). */
  texts?: ReportTexts;
  citations: Citation[];
  claims: ReportClaim[];
  answer_evaluation?: AnswerEvaluation;
  scores: Scores;
  findings: Finding[];
  markers: CitationMarker[];
  mapping: IdMapping;
  meta: {
    tool_version: string;
    checked_by: 'local' | 'model';
    model?: string;
    language: Language;
    /**
     * Where `language` came from: the setting (or --language), the case's own field, detected from
     * the query and answer, or the fallback when they have too few words to tell.
     */
    language_source?: 'setting' | 'case' | 'detected' | 'fallback';
    case_id?: string;
    answer_format: AnswerFormat;
    required_style: RequiredStyle;
    /** How claims are credited with citations (absent in reports made before the setting existed: 'sentence'). */
    citation_scope?: CitationScope;
    generated_at?: string;
    /** Inputs that could not be read; the dimensions that need them are NOT_CHECKED. */
    unreadable?: UnreadableInput[];
    /** Hash of the case's query and answer (core/eval/diff.ts caseHashes), so two runs can be matched without ids. */
    input_hash?: string;
    /** Hash of the query alone (core/eval/diff.ts caseHashes): pairs an edited answer of the same query. */
    query_hash?: string;
    /**
     * The model audit of this case failed (CLI): its kind (model/errors.ts), the message, and how
     * many claims were judged before the failure (they are in the report) and left unjudged.
     */
    model_error?: { kind: string; message: string; claims_judged: number; claims_left?: number };
    /** The model run's usage and cost (docs/cli.md), in every report the model judged or tried to. */
    usage?: ReportUsage;
    /** How the claims of a model-judged report were decided (absent in local reports). */
    ledger?: Ledger;
    /** How often the repeated judgements agreed (only when the model judged each pair K ≥ 2 times). */
    stability?: Stability;
  };
}

export interface AuditOptions {
  requiredStyle?: RequiredStyle;
  /** 'auto' detects from the query and answer. */
  language?: Language | 'auto';
  /** The language when detection has too little to go on (the page passes its interface language). */
  fallbackLanguage?: Language;
  /** 'sentence' (default): each claim needs its own citation; 'paragraph': a paragraph's final citations cover it. */
  citationScope?: CitationScope;
  /**
   * Inputs the caller could not parse (the page's Chunks or Answer editor): the checks that need
   * them are NOT_CHECKED and the report says where the input fails, instead of auditing what is
   * left as if it were the user's input.
   */
  unreadable?: { chunks?: ParseError; answer?: ParseError };
}

/** An input the audit could not read, as the report states it. */
export interface UnreadableInput {
  input: CaseInput;
  message: string;
  /** 1-based, when the input is text. */
  line?: number;
  column?: number;
}

// ---------------------------------------------------------------------------------------------
// What every check receives (built once by auditCase)

export interface CheckContext {
  answer: string;
  query: string;
  chunks: Chunk[];
  chunkById: Map<string, Chunk>;
  markers: CitationMarker[];
  citations: Citation[];
  claims: Claim[];
  mapping: IdMapping;
  structured?: StructuredInput;
  language: Language;
  requiredStyle: RequiredStyle;
  citationScope?: CitationScope;
  /**
   * Working data the checks derive from the fields above and share within one audit (e.g. each
   * claim's citations); filled on first use, never serialised. Kept on the context itself so
   * that it lives and dies with it.
   */
  memo?: Map<object, unknown>;
}

// ---------------------------------------------------------------------------------------------
// What a model run returns; core/report/report.ts folds it into a report (verdict and scores in code)

export interface ModelResults {
  model: string;
  /** One entry per judged claim; support has one judgement per cited chunk. */
  judgements: { claim_index: number; support: SupportJudgement[]; joint_verdict?: SupportVerdict }[];
  /** The model's view of uncited sentences: is each a factual claim that needs a citation? */
  complete_refinement?: { claim_index: number; is_factual_claim: boolean; reason?: string }[];
  answer_evaluation?: AnswerEvaluation;
  summary?: string;
  recommendations?: string[];
  strict?: boolean;
  /** Repeated judgements: K per pair and the rule that picked the verdict that stands (absent: one judgement). */
  repeat?: { k: number; rule: RepeatRule };
  /** Claims the model's reply left without a verdict (the run went on without them). */
  no_verdict?: number[];
  /** Why the run stopped before judging every claim, when it did (the other unjudged claims' reason). */
  stopped?: 'unparsed' | 'cut';
  /** `estimated`: the input of a request whose reply broke off before its usage came was guessed from its size. */
  usage?: { input_tokens: number; output_tokens: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number; requests: number; estimated?: boolean };
}

/**
 * What a case's model run used and cost, every request counted (repairs, cut and unusable replies
 * included): `input_tokens` is every input token, those written to or read from the prompt cache
 * included; `cost` in US dollars, null where the model's price is not known; `estimated` when the
 * input of a request that broke off before its usage arrived was guessed from the request's size.
 */
export interface ReportUsage {
  requests: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  cost: number | null;
  estimated?: true;
}
