// Verdict, dimension statuses and scores (SPEC §6) are computed here, in code, never by the model.
// A local FAIL can never become a PASS: model results only add failures or fill NOT_CHECKED.
import type {
  AuditCase,
  Citation,
  CitationStyle,
  CheckContext,
  Dimension,
  Finding,
  ModelResults,
  Report,
  ReportClaim,
  Scores,
  SourceVerificationStatus,
  Status,
  SupportJudgement,
  SupportVerdict,
  UnreadableInput,
  Verdict,
} from '../types';
import type { Language, Msg, ReportTexts } from '../types';
import { TOOL_VERSION } from '../types';
import { msg, render } from './messages';
import { STYLE_EXAMPLE } from './catalogue/format';
import { renderTexts } from './localize';
import { findQuote } from '../text/quoteSearch';
import { isBlank } from '../text/text';
import { citationsUnreadable, claimFacts } from './facts';
import { claimSupport, SUPPORT_SCORE } from './verdictScores';
import { decisionOf, ledgerOf, withLedger } from './ledger';
import { stabilityOf, unstablePairs } from './stability';
import { DIMENSIONS } from '../checks/registry';

const VERIFICATION_SCORE: Record<SourceVerificationStatus, number> = {
  VERIFIED: 1,
  UNCERTAIN: 0.5,
  LIKELY_FABRICATED: 0,
};

export function computeVerdict(dimensions: Record<Dimension, { status: Status }>): Verdict {
  const statuses = DIMENSIONS.map((d) => dimensions[d].status);
  if (statuses.includes('FAIL')) return 'FAIL';
  if (statuses.every((s) => s === 'PASS')) return 'PASS';
  return 'INCOMPLETE';
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 10000) / 10000);

// ---------------------------------------------------------------------------------------------
// Local report

// The words are texts (core/report/messages.ts): written here in the report's language, kept as keys so
// that core/report/localize.ts can write them in another.
const DIM_NAME: Record<Dimension, string> = { exists: 'EXISTS', accurate: 'ACCURATE', complete: 'COMPLETE', formatted: 'FORMATTED' };
type Text = Msg | string;
type IssueTexts = Record<Dimension, Text[]>;
const textKey = (t: Text) => (typeof t === 'string' ? `s\u0000${t}` : `m\u0000${JSON.stringify(t)}`);
/** Texts in order with repeats dropped. */
function uniqueTexts(ts: Text[]): Text[] {
  if (ts.length < 2) return [...ts];
  const seen = new Set<string>();
  return ts.filter((t) => {
    const k = textKey(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function dimensionsFromFindings(findings: Finding[]): { status: Record<Dimension, Status>; issues: IssueTexts } {
  // One pass: each dimension's non-info findings in order, and whether one is an error.
  const issues: IssueTexts = { exists: [], accurate: [], complete: [], formatted: [] };
  const failed: Record<Dimension, boolean> = { exists: false, accurate: false, complete: false, formatted: false };
  for (const f of findings) {
    if (f.severity === 'info' || !Object.hasOwn(issues, f.dimension)) continue;
    issues[f.dimension].push(f.text ?? f.message);
    if (f.severity === 'error') failed[f.dimension] = true;
  }
  const status = {} as Record<Dimension, Status>;
  // Without a model, ACCURATE can only fail (fabricated quote), never pass.
  for (const d of DIMENSIONS) status[d] = failed[d] ? 'FAIL' : d === 'accurate' ? 'NOT_CHECKED' : 'PASS';
  return { status, issues };
}

/** A report's words from its texts, in `lang`. */
function written(status: Record<Dimension, Status>, texts: ReportTexts, lang: Language): Pick<Report, 'dimensions' | 'summary' | 'recommendations'> {
  const words = renderTexts(texts, lang);
  const dimensions = {} as Report['dimensions'];
  for (const d of DIMENSIONS) dimensions[d] = { status: status[d], issues: words.issues[d] };
  return { dimensions, summary: words.summary, recommendations: words.recommendations };
}

function localScores(ctx: CheckContext, citations: Citation[], unreadable: readonly UnreadableInput[]): Scores {
  const { needing, covered } = claimFacts(ctx.claims, citations, unreadable);
  // Coverage of citations that could not be read is not known.
  const blind = citationsUnreadable(unreadable);
  let existing = 0;
  const verified: number[] = [];
  for (const c of citations) {
    if (c.exists) existing++;
    if (c.source_verification) verified.push(VERIFICATION_SCORE[c.source_verification.status]);
  }
  return {
    citation_coverage: round(needing && !blind ? covered / needing : null),
    citation_existence: round(citations.length ? existing / citations.length : null),
    source_verification: round(mean(verified)),
    citation_recall: null,
    citation_precision: null,
    support_weighted_precision: null,
    mean_support: null,
    interpretability: null,
    correctness: null,
    overall_score: null,
  };
}

function localRecommendations(ctx: CheckContext, findings: Finding[], unreadable: readonly UnreadableInput[]): Msg[] {
  // One pass over the findings for everything the recommendations count; they are then said in
  // a fixed order (ids to fix, citations to add, format, quotes, better chunks, numbers).
  const missing = new Set<string>();
  let formatError = false;
  // Each kind of quote problem is counted and said apart: a count must match its wording.
  let quotesNotFound = 0;
  let quotesSimilar = 0;
  let wrongOffsets = 0;
  let nums = 0;
  const better: Msg[] = [];
  for (const f of findings) {
    if (f.check === 'exists' && f.severity === 'error') missing.add(f.chunk_id ?? ctx.citations[f.citation_index ?? -1]?.ref ?? '?');
    else if (f.check === 'formatted' && f.severity === 'error') formatError = true;
    else if (f.check === 'quotes' && f.severity !== 'info') {
      if (f.code === 'quote_not_found' || f.code === 'quote_in_other_chunk') quotesNotFound++;
      else if (f.code === 'quote_uncertain') quotesSimilar++;
      else if (f.code.startsWith('offsets_')) wrongOffsets++;
    }
    if (f.code === 'number_absent') nums++;
    if (f.code !== 'better_chunk' || f.suggested_chunk_id === undefined || f.claim_index === undefined) continue;
    const cited = f.chunk_id ?? ctx.claims[f.claim_index]?.chunk_ids.join(', ') ?? '?';
    better.push(msg('recBetterChunk', { claim: f.claim_index, chunk: f.suggested_chunk_id, cited }));
  }
  const recs: Msg[] = [];
  if (missing.size) recs.push(msg('recFixIds', { ids: [...missing] }));
  const uncited = claimFacts(ctx.claims, ctx.citations, unreadable).uncited.length;
  if (uncited) recs.push(msg('recAddCitations', { claims: uncited }));
  if (formatError) {
    const counts = new Map<string, number>();
    for (const m of ctx.markers) counts.set(m.style, (counts.get(m.style) ?? 0) + 1);
    const style = ctx.requiredStyle !== 'auto' ? ctx.requiredStyle : [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    recs.push(msg('recFormat', { style: STYLE_EXAMPLE[style as CitationStyle] || style }));
  }
  if (quotesNotFound) recs.push(msg('recQuotes', { quotes: quotesNotFound }));
  if (quotesSimilar) recs.push(msg('recQuotesSimilar', { quotes: quotesSimilar }));
  if (wrongOffsets) recs.push(msg('recOffsets', { quotes: wrongOffsets }));
  recs.push(...better);
  if (nums) recs.push(msg('recNumbers', { numbers: nums }));
  return uniqueTexts(recs) as Msg[];
}

/** A report's words as texts; a report made by an older version has only strings, kept as they are. */
function textsOf(report: Report): ReportTexts {
  if (report.texts) return report.texts;
  const issues = {} as IssueTexts;
  for (const d of DIMENSIONS) issues[d] = [...report.dimensions[d].issues];
  return { summary: [report.summary], recommendations: [...report.recommendations], issues };
}

/** The dimensions an input is needed for: without it they are NOT_CHECKED, never judged on what is left. */
export const NEEDS_INPUT: Record<UnreadableInput['input'], readonly Dimension[]> = {
  chunks: ['exists', 'accurate'],
  structured_citations: ['complete', 'accurate'],
  answer: ['exists', 'accurate', 'complete', 'formatted'],
};

export function buildLocalReport(
  ctx: CheckContext,
  findings: Finding[],
  extra: { caseId?: string; answerFormat: Report['meta']['answer_format']; unreadable?: UnreadableInput[] },
): Report {
  const { status, issues } = dimensionsFromFindings(findings);
  const unreadable = extra.unreadable ?? [];
  if (unreadable.length) {
    const unchecked = new Set(unreadable.flatMap((u) => NEEDS_INPUT[u.input]));
    for (const d of unchecked) {
      // A FAIL found on what could be read stays (EXISTS of inline markers when only the
      // structured citations are unreadable); a verdict about missing input is never given.
      if (status[d] !== 'FAIL') {
        status[d] = 'NOT_CHECKED';
        issues[d].push(msg('notCheckedUnreadable', { inputs: unreadable.filter((u) => NEEDS_INPUT[u.input].includes(d)).map((u) => u.input) }));
      }
    }
  }
  if (status.accurate === 'NOT_CHECKED' && issues.accurate.length === 0) issues.accurate.push(msg('notChecked', {}));
  const failed: string[] = [];
  for (const d of DIMENSIONS) if (status[d] === 'FAIL') failed.push(DIM_NAME[d]);
  const summary: Msg[] = unreadable.length
    ? unreadable.map((u) =>
        msg('summaryUnreadable', { input: u.input, message: u.message, dims: NEEDS_INPUT[u.input].map((d) => DIM_NAME[d]), ...(u.line !== undefined ? { line: u.line, column: u.column ?? 1 } : {}) }),
      )
    : isBlank(ctx.answer)
      ? [msg('summaryEmpty', {})]
      : failed.length
        ? [msg('summaryFail', { dims: failed })]
        : [msg('summaryPass', { claims: ctx.claims.length })];
  const recommendations: Text[] = localRecommendations(ctx, findings, unreadable);
  if (status.accurate === 'NOT_CHECKED' && ctx.citations.length && unreadable.length === 0) recommendations.push(msg('recRunModel', {}));
  const texts: ReportTexts = { summary, recommendations, issues };
  const words = written(status, texts, ctx.language);
  const verdict = computeVerdict(words.dimensions);
  const meta: Report['meta'] = {
    tool_version: TOOL_VERSION,
    checked_by: 'local',
    language: ctx.language,
    ...(extra.caseId !== undefined ? { case_id: extra.caseId } : {}),
    answer_format: extra.answerFormat,
    required_style: ctx.requiredStyle,
    citation_scope: ctx.citationScope ?? 'sentence',
    ...(unreadable.length ? { unreadable } : {}),
  };
  const scores = localScores(ctx, ctx.citations, unreadable);
  // Whether a citation resolves is not known without the chunks: no score rather than 0 %.
  if (unreadable.some((u) => u.input === 'chunks')) scores.citation_existence = null;
  return {
    verdict,
    dimensions: words.dimensions,
    summary: words.summary,
    recommendations: words.recommendations,
    texts,
    citations: ctx.citations,
    claims: ctx.claims.map((c) => ({ ...c })),
    scores,
    findings,
    markers: ctx.markers,
    mapping: ctx.mapping,
    meta,
  };
}

// ---------------------------------------------------------------------------------------------
// Folding model results in



/**
 * Merges a model run into a local report: verifies every supporting phrase against its chunk,
 * caps verdicts of claims with absent numbers, then recomputes ACCURATE, the verdict and all scores.
 */
export function applyModelResults(report: Report, results: ModelResults, c: AuditCase): Report {
  // Judgements over chunks or an answer that could not be read judge the parse failure, not the
  // answer: the report stays as the local audit left it (NOT_CHECKED where the input is missing).
  // The ledger still names every claim left unjudged, and why.
  if (report.meta.unreadable?.some((u) => u.input === 'chunks' || u.input === 'answer')) return withLedger(report, results);
  const lang = report.meta.language;
  const before = textsOf(report);
  const chunkText = new Map(c.chunks.map((ch) => [String(ch.id), ch.text]));
  const absentNumbers = new Map<number, string[]>();
  for (const f of report.findings) {
    if (f.code !== 'number_absent' || f.claim_index === undefined) continue;
    const list = absentNumbers.get(f.claim_index) ?? [];
    list.push(f.excerpt ?? '?');
    absentNumbers.set(f.claim_index, list);
  }

  const byClaim = new Map<number, { support: SupportJudgement[]; joint?: SupportVerdict }>();
  for (const j of results.judgements) {
    byClaim.set(j.claim_index, { support: j.support.map((x) => ({ ...x })), ...(j.joint_verdict ? { joint: j.joint_verdict } : {}) });
  }

  const accurateIssues: Msg[] = [];
  const claims: ReportClaim[] = report.claims.map((claim) => {
    const byModel = byClaim.get(claim.index);
    const judged = byModel ?? judgeMissingSources(report, claim, lang);
    const decided = decisionOf(claim, results, { byModel: !!byModel, byLocal: !byModel && !!judged, unreadable: false });
    if (!judged) return { ...claim, ...decided };
    const support = judged.support.map((j) => {
      const text = chunkText.get(j.chunk_id) ?? '';
      const phrase = j.supporting_phrase.trim();
      const verified = phrase === '' ? j.verdict === 'not_supported' : findQuote(phrase, text) !== undefined;
      let verdict = j.verdict;
      if (!verified && verdict === 'fully_supported') {
        verdict = 'partially_supported';
        accurateIssues.push(msg('unverifiedPhrase', { claim: claim.index, chunk: j.chunk_id }));
      }
      return { ...j, verdict, phrase_verified: verified };
    });
    let joint = judged.joint;
    const nums = absentNumbers.get(claim.index);
    let capped = false;
    if (nums && nums.length) {
      for (const j of support) {
        if (j.verdict === 'fully_supported') {
          j.verdict = 'partially_supported';
          j.capped_by_numbers = true;
          capped = true;
        }
      }
      if (joint === 'fully_supported') {
        joint = 'partially_supported';
        capped = true;
      }
      if (capped) accurateIssues.push(msg('numbersCap', { claim: claim.index, numbers: nums }));
    }
    // A joint "fully" that leans on an unverified phrase cannot stand either.
    if (joint === 'fully_supported' && support.some((j) => j.phrase_verified === false)) joint = 'partially_supported';
    return { ...claim, support, ...(joint ? { joint_support: joint } : {}), ...decided };
  });

  // ACCURATE: every cited claim must be fully supported by its citations; a local FAIL stays.
  const cited = claims.filter((cl) => cl.citation_indexes.length > 0);
  let unjudged = 0;
  for (const cl of cited) {
    const sup = claimSupport(cl.support, cl.joint_support);
    if (sup === null) unjudged++;
    else if (sup === 'not_supported') accurateIssues.push(msg('notSupported', { claim: cl.index }));
    else if (sup === 'partially_supported') accurateIssues.push(msg('partial', { claim: cl.index }));
  }
  if (unjudged) accurateIssues.push(msg('notJudged', { claims: unjudged }));
  // Repeated judgements: each pair whose verdicts differ is named, with the verdict that stands.
  const unstable = unstablePairs(claims);
  for (const u of unstable) accurateIssues.push(msg('unstablePair', u));
  const localAccurate = report.dimensions.accurate;
  const localFailed = localAccurate.status === 'FAIL';
  const modelFailed = cited.some((cl) => {
    const sup = claimSupport(cl.support, cl.joint_support);
    return sup !== null && sup !== 'fully_supported';
  });
  // Nothing judged (no cited claim, or the run stopped early) leaves ACCURATE unchecked, not passed.
  const accurateStatus: Status = localFailed || modelFailed ? 'FAIL' : unjudged > 0 || cited.length === 0 ? 'NOT_CHECKED' : 'PASS';
  const isKey = (t: Text, key: string) => typeof t !== 'string' && t.key === key;
  // An older report without texts has the English or Czech sentence in its place.
  const notChecked = [render(msg('notChecked', {}), lang), render(msg('recRunModel', {}), lang)];
  const localIssues = before.issues.accurate.filter((i) => !isKey(i, 'notChecked') && i !== notChecked[0]);

  const status = {} as Record<Dimension, Status>;
  for (const d of DIMENSIONS) status[d] = report.dimensions[d].status;
  status.accurate = accurateStatus;
  const issues: IssueTexts = { ...before.issues, accurate: [...localIssues, ...uniqueTexts(accurateIssues)] };
  if (results.complete_refinement) {
    const extra = results.complete_refinement
      .filter((r) => r.is_factual_claim && claims[r.claim_index]?.citation_indexes.length === 0)
      .map((r) => msg('confirmedFactual', { claim: r.claim_index }));
    issues.complete = [...issues.complete, ...extra];
  }
  if (results.answer_evaluation && results.answer_evaluation.verdict !== 'CORRECT') {
    issues.accurate.push(msg('incorrect', { verdict: results.answer_evaluation.verdict }));
  }

  const scores = modelScores(report, claims, results);
  const verdict = computeVerdict({ exists: { status: status.exists }, accurate: { status: status.accurate }, complete: { status: status.complete }, formatted: { status: status.formatted } });
  const texts: ReportTexts = {
    // The words beside the verdict are always ours: the model's summary may have been steered by
    // a chunk, or written from labels that the checks above lowered.
    summary: [msg('summaryModel', { verdict, recall: scores.citation_recall })],
    // Ours only: the model's recommendations are its words, kept apart (model_recommendations).
    recommendations: uniqueTexts([...before.recommendations.filter((r) => !isKey(r, 'recRunModel') && r !== notChecked[1]), ...(unstable.length ? [msg('recUnstable', { pairs: unstable.length })] : [])]),
    issues,
  };
  const words = written(status, texts, lang);
  const modelRecommendations = usefulModelLines(results.recommendations ?? []);
  const { model_recommendations: _earlier, ...rest } = report;
  return {
    ...rest,
    verdict,
    ...words,
    texts,
    claims,
    ...(results.summary?.trim() ? { model_summary: { text: results.summary.trim(), contradicts: summaryContradicts(results.summary, results, accurateStatus) } } : {}),
    ...(modelRecommendations.length ? { model_recommendations: modelRecommendations } : {}),
    ...(results.answer_evaluation ? { answer_evaluation: results.answer_evaluation } : {}),
    scores,
    meta: {
      ...report.meta,
      checked_by: 'model',
      model: results.model,
      ledger: ledgerOf(claims),
      ...(results.repeat && results.repeat.k >= 2 ? { stability: stabilityOf(claims, results.repeat.k, results.repeat.rule) } : {}),
    },
  };
}

// A line with nothing to act on, once lower-cased and stripped of punctuation: "OK.", "None",
// "N/A", "No recommendations", and their Czech forms.
const CONTENTLESS = /^(?:ok(?:ay)?|none|nothing|n ?a|not applicable|no (?:further )?(?:recommendations?|issues?|changes?)(?: (?:needed|required))?|nic|v pořádku|žádn[éáý]?(?: doporučení)?|bez doporučení)$/u;

/** The model's lines worth showing: trimmed, each once, none empty or contentless. */
function usefulModelLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const text = line.trim();
    const bare = text.toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
    if (!/\p{L}/u.test(bare) || CONTENTLESS.test(bare) || out.includes(text)) continue;
    out.push(text);
  }
  return out;
}

// "All claims are fully supported", "every citation is accurate", "no issues were found" — and
// their Czech forms — in a sentence that does not hedge or negate it.
const ALL_GOOD = [
  /\b(?:all|every|each)\b[^.!?\n]{0,80}?\b(?:supported|accurate|correct|verified|backed|substantiated|valid)\b/i,
  /\bno\s+(?:issues?|problems?|errors?|unsupported|inaccura\w*)\b/i,
  /(?:^|[^\p{L}])(?:všechn|každ)\p{L}*[^.!?\n]{0,80}?(?:podložen|podpořen|podporuj|doložen|správn|přesn|ověřen)/iu,
  /(?:^|[^\p{L}])žádn\p{L}*\s+(?:problém|chyb|nedostat)/iu,
];
const HEDGE = /\b(?:not|n't|never|except|but|however|although|partially|partly|only|some|most|unsupported|fabricated|unverified)\b|(?:^|[^\p{L}])(?:ne(?:ní|jsou|byl|byla|byly|podlož|podpoř|ověř)\p{L}*|kromě|ale|avšak|částečn\p{L}*|jen|pouze|některé)(?![\p{L}])/iu;

/**
 * Does the model's summary claim more than the computed result grants? Yes when ACCURATE failed
 * and either the model had itself labelled every judged claim fully supported (its summary was
 * written from labels the checks then lowered: phrases not in the chunk, numbers in no chunk), or
 * a sentence of the summary says that everything is supported with no hedge.
 */
export function summaryContradicts(text: string, results: ModelResults, accurate: Status): boolean {
  if (accurate !== 'FAIL') return false;
  const labels = results.judgements.map((j) => j.joint_verdict ?? (j.support.some((p) => p.verdict === 'fully_supported') ? 'fully_supported' : 'not'));
  if (labels.length > 0 && labels.every((v) => v === 'fully_supported')) return true;
  return text.split(/(?<=[.!?])\s+|\n+/).some((sentence) => ALL_GOOD.some((re) => re.test(sentence)) && !HEDGE.test(sentence));
}

/**
 * A cited claim whose every citation points at a missing or empty chunk is not sent to the model:
 * nothing can support it, so it is judged not supported here rather than left unchecked.
 */
function judgeMissingSources(report: Report, claim: ReportClaim, lang: 'en' | 'cs'): { support: SupportJudgement[]; joint?: SupportVerdict } | undefined {
  const cits = claim.citation_indexes.map((i) => report.citations[i]).filter((x): x is Citation => x !== undefined);
  if (cits.length === 0 || cits.some((x) => x.exists)) return undefined;
  const basis = render(msg('missingSource', {}), lang) ?? '';
  const seen = new Set<string>();
  const support: SupportJudgement[] = [];
  for (const x of cits) {
    const id = x.chunk_id ?? x.ref;
    if (seen.has(id)) continue;
    seen.add(id);
    support.push({ chunk_id: id, verdict: 'not_supported', supporting_phrase: '', missing_or_extra: '', decision_basis: basis, phrase_verified: true });
  }
  return { support };
}

/** SPEC §6 scores from judged claims. Definitions are stated in docs/scores.md. */
export function modelScores(report: Report, claims: ReportClaim[], results: ModelResults): Scores {
  const needing = claims.filter((cl) => cl.needs_citation || cl.citation_indexes.length > 0);
  // ALCE recall: share of claims whose citations jointly fully support them; uncited claims count 0.
  const claimScores = needing.map((cl) => claimSupport(cl.support, cl.joint_support));
  const recallValues = needing
    .map((cl, i): number | null => (cl.citation_indexes.length === 0 ? 0 : claimScores[i] === null ? null : claimScores[i] === 'fully_supported' ? 1 : 0))
    .filter((x): x is number => x !== null);
  const meanSupportValues = needing
    .map((cl, i): number | null => (cl.citation_indexes.length === 0 ? 0 : claimScores[i] === null ? null : SUPPORT_SCORE[claimScores[i]!]))
    .filter((x): x is number => x !== null);

  // ALCE precision: a citation counts when its claim is fully supported and the citation is needed
  // (it supports on its own, or no other citation of the claim fully supports without it).
  // A citation is counted once however many claims reference it (one text block over three
  // sentences): its value is the mean of what it is worth to each claim that lists it.
  const pairVerdict = new Map<string, SupportJudgement>();
  for (const cl of claims) for (const j of cl.support ?? []) pairVerdict.set(`${cl.index}\u0000${j.chunk_id}`, j);
  const referrers = new Map<number, ReportClaim[]>();
  const refer = (i: number, cl: ReportClaim | undefined): void => {
    if (!cl) return;
    const list = referrers.get(i);
    if (!list) referrers.set(i, [cl]);
    else if (!list.includes(cl)) list.push(cl);
  };
  for (const cl of claims) for (const i of cl.citation_indexes) refer(i, cl);
  for (const cit of report.citations) refer(cit.index, claims[cit.claim_index]);
  const precision: number[] = [];
  const weighted: number[] = [];
  const interpret: number[] = [];
  for (const cit of report.citations) {
    const sv = cit.source_verification ? VERIFICATION_SCORE[cit.source_verification.status] : cit.exists ? 1 : 0;
    const supports: number[] = [];
    const needed: number[] = [];
    for (const cl of referrers.get(cit.index) ?? []) {
      const j = cit.chunk_id !== null ? pairVerdict.get(`${cl.index}\u0000${cit.chunk_id}`) : undefined;
      const support = !cit.exists ? 0 : j ? SUPPORT_SCORE[j.verdict] : null;
      if (support === null) continue;
      supports.push(support);
      if (claimSupport(cl.support, cl.joint_support) !== 'fully_supported') {
        needed.push(0);
        continue;
      }
      const othersFully = (cl.support ?? []).some((o) => o.chunk_id !== cit.chunk_id && o.verdict === 'fully_supported');
      needed.push(j && (j.verdict !== 'not_supported' || !othersFully) ? 1 : 0);
    }
    // A citation to a missing chunk counts 0 even when no claim holds it.
    if (supports.length === 0 && !cit.exists) {
      supports.push(0);
      needed.push(0);
    }
    const support = mean(supports);
    if (support === null) continue;
    weighted.push(support);
    interpret.push(support * sv);
    precision.push(mean(needed) ?? 0);
  }

  const meanSupport = mean(meanSupportValues);
  const interpretability = mean(interpret);
  const correctness = results.answer_evaluation ? results.answer_evaluation.correctness_score : null;
  let overall: number | null = null;
  if (meanSupport !== null) {
    const parts: [number, number][] = [[meanSupport, 0.5]];
    if (interpretability !== null) parts.push([interpretability, 0.25]);
    if (correctness !== null) parts.push([correctness, 0.25]);
    const w = parts.reduce((a, [, wt]) => a + wt, 0);
    overall = parts.reduce((a, [v, wt]) => a + v * wt, 0) / w;
  }
  return {
    ...report.scores,
    citation_recall: round(mean(recallValues)),
    citation_precision: round(mean(precision)),
    support_weighted_precision: round(mean(weighted)),
    mean_support: round(meanSupport),
    interpretability: round(interpretability),
    correctness: round(correctness),
    overall_score: round(overall),
  };
}
