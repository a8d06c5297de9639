// Verdict, dimension statuses and scores (SPEC §6) are computed here, in code, never by the model.
// A local FAIL can never become a PASS: model results only add failures or fill NOT_CHECKED.
import type {
  AuditCase,
  Citation,
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
} from './types';
import { TOOL_VERSION } from './types';
import { findQuote } from './quoteSearch';
import { citationsUnreadable, claimFacts } from './facts';

export const DIMENSIONS: readonly Dimension[] = ['exists', 'accurate', 'complete', 'formatted'];

export const SUPPORT_SCORE: Record<SupportVerdict, number> = {
  fully_supported: 1,
  partially_supported: 0.5,
  not_supported: 0,
};

export const NLI_LABEL: Record<SupportVerdict, 'ENTAILMENT' | 'NEUTRAL' | 'CONTRADICTION'> = {
  fully_supported: 'ENTAILMENT',
  partially_supported: 'NEUTRAL',
  not_supported: 'CONTRADICTION',
};

const VERIFICATION_SCORE: Record<SourceVerificationStatus, number> = {
  VERIFIED: 1,
  UNCERTAIN: 0.5,
  LIKELY_FABRICATED: 0,
};

export function computeVerdict(dimensions: Report['dimensions']): Verdict {
  const statuses = DIMENSIONS.map((d) => dimensions[d].status);
  if (statuses.includes('FAIL')) return 'FAIL';
  if (statuses.every((s) => s === 'PASS')) return 'PASS';
  return 'INCOMPLETE';
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 10000) / 10000);

// ---------------------------------------------------------------------------------------------
// Local report

interface Strings {
  summaryPass: (n: number) => string;
  summaryFail: (dims: string) => string;
  notChecked: string;
  noClaims: string;
  dimName: Record<Dimension, string>;
  recFixIds: (ids: string) => string;
  recAddCitations: (n: number) => string;
  recBetterChunk: (claim: number, chunk: string, cited: string) => string;
  recFormat: (style: string) => string;
  recQuotes: (n: number) => string;
  recNumbers: (n: number) => string;
  recRunModel: string;
  modelSummary: (verdict: Verdict, recall: string) => string;
  partial: (i: number) => string;
  notSupported: (i: number) => string;
  unverifiedPhrase: (i: number, chunk: string) => string;
  numbersCap: (i: number, nums: string) => string;
  notJudged: (n: number) => string;
  confirmedFactual: (i: number) => string;
  incorrect: (v: string) => string;
  inputName: Record<UnreadableInput['input'], string>;
  at: (line: number, column: number) => string;
  inputUnreadable: (inputs: string) => string;
  summaryUnreadable: (input: string, at: string, message: string, dims: string) => string;
}

const EN: Strings = {
  summaryPass: (n) => `Local checks found no problem in ${n} claim(s); whether the chunks support the claims is not checked yet.`,
  summaryFail: (dims) => `Local checks fail on ${dims}.`,
  notChecked: 'Not checked without a model run.',
  noClaims: 'The answer is empty: there is nothing to audit.',
  dimName: { exists: 'EXISTS', accurate: 'ACCURATE', complete: 'COMPLETE', formatted: 'FORMATTED' },
  recFixIds: (ids) => `Cite only chunks that were retrieved and have text (unknown or empty: ${ids}).`,
  recAddCitations: (n) => `Add a citation to ${n} uncited factual claim(s).`,
  recBetterChunk: (claim, chunk, cited) => `Claim ${claim + 1}: cite chunk ${chunk} instead of ${cited}.`,
  recFormat: (style) => `Use one citation style throughout (${style}) and fix malformed markers.`,
  recQuotes: (n) => `Check ${n} quote(s) that could not be found in their cited source.`,
  recNumbers: (n) => `Verify ${n} number(s) that appear in no cited chunk.`,
  recRunModel: 'Run the model audit to check whether each cited chunk supports its claim.',
  modelSummary: (verdict, recall) => `Verdict ${verdict}; ${recall} of the claims are fully supported by their citations.`,
  partial: (i) => `Claim ${i + 1} is only partially supported by its citations.`,
  notSupported: (i) => `Claim ${i + 1} is not supported by its citations.`,
  unverifiedPhrase: (i, chunk) => `Claim ${i + 1}: the supporting phrase given for chunk ${chunk} is not in that chunk; the judgement is unverified.`,
  numbersCap: (i, nums) => `Claim ${i + 1}: ${nums} appear(s) in no cited chunk, so it is at most partially supported.`,
  notJudged: (n) => `${n} cited claim(s) were not judged by the model.`,
  confirmedFactual: (i) => `The model confirms that claim ${i + 1} states a fact and needs a citation.`,
  incorrect: (v) => `Answer correctness against the gold answer: ${v}.`,
  inputName: { chunks: 'The Chunks input', answer: 'The Answer input', structured_citations: 'The structured citations' },
  at: (line, column) => ` at line ${line}, column ${column}`,
  inputUnreadable: (inputs) => `Not checked: ${inputs} could not be read.`,
  summaryUnreadable: (input, at, message, dims) => `${input} could not be read${at} (${message.replace(/\.$/, '')}); ${dims} not checked until it is fixed.`,
};

const CS: Strings = {
  summaryPass: (n) => `Lokální kontroly nenašly v ${n} tvrzeních žádný problém; zda úryvky tvrzení podporují, zatím ověřeno není.`,
  summaryFail: (dims) => `Lokální kontroly selhaly v: ${dims}.`,
  notChecked: 'Bez spuštění modelu neověřeno.',
  noClaims: 'Odpověď je prázdná: není co kontrolovat.',
  dimName: { exists: 'EXISTS', accurate: 'ACCURATE', complete: 'COMPLETE', formatted: 'FORMATTED' },
  recFixIds: (ids) => `Citujte jen nalezené úryvky, které mají text (neznámé nebo prázdné: ${ids}).`,
  recAddCitations: (n) => `Doplňte citaci k faktickým tvrzením bez citace (${n}).`,
  recBetterChunk: (claim, chunk, cited) => `Tvrzení ${claim + 1}: citujte úryvek ${chunk} místo ${cited}.`,
  recFormat: (style) => `Používejte jediný styl citací (${style}) a opravte chybné značky.`,
  recQuotes: (n) => `Prověřte citované pasáže, které ve zdroji nebyly nalezeny (${n}).`,
  recNumbers: (n) => `Ověřte čísla, která nejsou v žádném citovaném úryvku (${n}).`,
  recRunModel: 'Spusťte kontrolu modelem, která ověří, zda citované úryvky tvrzení podporují.',
  modelSummary: (verdict, recall) => `Verdikt ${verdict}; citace plně podporují ${recall} tvrzení.`,
  partial: (i) => `Tvrzení ${i + 1} je citacemi podpořeno jen částečně.`,
  notSupported: (i) => `Tvrzení ${i + 1} citace nepodporují.`,
  unverifiedPhrase: (i, chunk) => `Tvrzení ${i + 1}: podpůrná fráze uvedená pro úryvek ${chunk} v něm není; hodnocení je neověřené.`,
  numbersCap: (i, nums) => `Tvrzení ${i + 1}: ${nums} není v žádném citovaném úryvku, proto je podpořeno nanejvýš částečně.`,
  notJudged: (n) => `Model neohodnotil ${n} citovaných tvrzení.`,
  confirmedFactual: (i) => `Model potvrzuje, že tvrzení ${i + 1} uvádí fakt a potřebuje citaci.`,
  incorrect: (v) => `Správnost odpovědi vůči referenční odpovědi: ${v}.`,
  inputName: { chunks: 'Vstup Úryvky', answer: 'Vstup Odpověď', structured_citations: 'Strukturované citace' },
  at: (line, column) => ` na řádku ${line}, sloupci ${column}`,
  inputUnreadable: (inputs) => `Neověřeno: ${inputs} nelze přečíst.`,
  summaryUnreadable: (input, at, message, dims) => `${input} nelze přečíst${at} (${message.replace(/\.$/, '')}); ${dims} se neověřuje, dokud to nebude opraveno.`,
};

export function strings(lang: 'en' | 'cs'): Strings {
  return lang === 'cs' ? CS : EN;
}

function dimensionsFromFindings(findings: Finding[]): Report['dimensions'] {
  // One pass: each dimension's non-info findings in order, and whether one is an error.
  const issues: Record<Dimension, string[]> = { exists: [], accurate: [], complete: [], formatted: [] };
  const failed: Record<Dimension, boolean> = { exists: false, accurate: false, complete: false, formatted: false };
  for (const f of findings) {
    if (f.severity === 'info' || !Object.hasOwn(issues, f.dimension)) continue;
    issues[f.dimension].push(f.message);
    if (f.severity === 'error') failed[f.dimension] = true;
  }
  const dims = {} as Report['dimensions'];
  for (const d of DIMENSIONS) {
    // Without a model, ACCURATE can only fail (fabricated quote), never pass.
    const status: Status = failed[d] ? 'FAIL' : d === 'accurate' ? 'NOT_CHECKED' : 'PASS';
    dims[d] = { status, issues: issues[d] };
  }
  return dims;
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

function localRecommendations(ctx: CheckContext, findings: Finding[], s: Strings, unreadable: readonly UnreadableInput[]): string[] {
  const recs: string[] = [];
  const missing = [
    ...new Set(
      findings
        .filter((f) => f.check === 'exists' && f.severity === 'error')
        .map((f) => (f.chunk_id ?? ctx.citations[f.citation_index ?? -1]?.ref ?? '?')),
    ),
  ];
  if (missing.length) recs.push(s.recFixIds(missing.join(', ')));
  const uncited = claimFacts(ctx.claims, ctx.citations, unreadable).uncited.length;
  if (uncited) recs.push(s.recAddCitations(uncited));
  if (findings.some((f) => f.check === 'formatted' && f.severity === 'error')) {
    const counts = new Map<string, number>();
    for (const m of ctx.markers) counts.set(m.style, (counts.get(m.style) ?? 0) + 1);
    const style = ctx.requiredStyle !== 'auto' ? ctx.requiredStyle : [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    recs.push(s.recFormat(STYLE_EXAMPLE[style] ?? style));
  }
  const badQuotes = findings.filter((f) => f.check === 'quotes' && f.severity !== 'info').length;
  if (badQuotes) recs.push(s.recQuotes(badQuotes));
  for (const f of findings) {
    if (f.code !== 'better_chunk' || f.suggested_chunk_id === undefined || f.claim_index === undefined) continue;
    const cited = f.chunk_id ?? ctx.claims[f.claim_index]?.chunk_ids.join(', ') ?? '?';
    recs.push(s.recBetterChunk(f.claim_index, f.suggested_chunk_id, cited));
  }
  const nums = findings.filter((f) => f.code === 'number_absent').length;
  if (nums) recs.push(s.recNumbers(nums));
  return [...new Set(recs)];
}

const STYLE_EXAMPLE: Record<string, string> = {
  latex_cite: '\\cite{id}',
  bracket_number: '[n]',
  bracket_id: '[id]',
  fullwidth: '【n】',
  footnote: '[^n]',
  longcite: '<cite>[s-e]</cite>',
};

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
  const s = strings(ctx.language);
  const dimensions = dimensionsFromFindings(findings);
  const unreadable = extra.unreadable ?? [];
  const unchecked = new Set(unreadable.flatMap((u) => NEEDS_INPUT[u.input]));
  for (const d of unchecked) {
    // A FAIL found on what could be read stays (EXISTS of inline markers when only the
    // structured citations are unreadable); a verdict about missing input is never given.
    if (dimensions[d].status !== 'FAIL') dimensions[d] = { status: 'NOT_CHECKED', issues: [...dimensions[d].issues, s.inputUnreadable(unreadable.filter((u) => NEEDS_INPUT[u.input].includes(d)).map((u) => s.inputName[u.input]).join(', '))] };
  }
  if (dimensions.accurate.status === 'NOT_CHECKED' && dimensions.accurate.issues.length === 0) {
    dimensions.accurate.issues.push(s.notChecked);
  }
  const verdict = computeVerdict(dimensions);
  const failed = DIMENSIONS.filter((d) => dimensions[d].status === 'FAIL').map((d) => s.dimName[d]);
  const summary = unreadable.length
    ? unreadable.map((u) => s.summaryUnreadable(s.inputName[u.input], u.line !== undefined ? s.at(u.line, u.column ?? 1) : '', u.message, NEEDS_INPUT[u.input].map((d) => s.dimName[d]).join(', '))).join(' ')
    : ctx.answer.trim() === ''
      ? s.noClaims
      : failed.length
        ? s.summaryFail(failed.join(', '))
        : s.summaryPass(ctx.claims.length);
  const recommendations = localRecommendations(ctx, findings, s, unreadable);
  if (dimensions.accurate.status === 'NOT_CHECKED' && ctx.citations.length && unreadable.length === 0) recommendations.push(s.recRunModel);
  return {
    verdict,
    dimensions,
    summary,
    recommendations,
    citations: ctx.citations,
    claims: ctx.claims.map((c) => ({ ...c })),
    scores: localScores(ctx, ctx.citations, unreadable),
    findings,
    markers: ctx.markers,
    mapping: ctx.mapping,
    meta: {
      tool_version: TOOL_VERSION,
      checked_by: 'local',
      language: ctx.language,
      ...(extra.caseId !== undefined ? { case_id: extra.caseId } : {}),
      answer_format: extra.answerFormat,
      required_style: ctx.requiredStyle,
      citation_scope: ctx.citationScope ?? 'sentence',
      ...(unreadable.length ? { unreadable } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Folding model results in

/** Claim-level support from its per-chunk judgements: the best single chunk, or the model's joint view. */
export function claimSupport(support: SupportJudgement[] | undefined, joint?: SupportVerdict): SupportVerdict | null {
  if (joint) return joint;
  if (!support || support.length === 0) return null;
  let best: SupportVerdict = 'not_supported';
  for (const j of support) if (SUPPORT_SCORE[j.verdict] > SUPPORT_SCORE[best]) best = j.verdict;
  return best;
}


/**
 * Merges a model run into a local report: verifies every supporting phrase against its chunk,
 * caps verdicts of claims with absent numbers, then recomputes ACCURATE, the verdict and all scores.
 */
export function applyModelResults(report: Report, results: ModelResults, c: AuditCase): Report {
  // Judgements over chunks or an answer that could not be read judge the parse failure, not the
  // answer: the report stays as the local audit left it (NOT_CHECKED where the input is missing).
  if (report.meta.unreadable?.some((u) => u.input === 'chunks' || u.input === 'answer')) return report;
  const lang = report.meta.language;
  const s = strings(lang);
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

  const accurateIssues: string[] = [];
  const claims: ReportClaim[] = report.claims.map((claim) => {
    const judged = byClaim.get(claim.index) ?? judgeMissingSources(report, claim, lang);
    if (!judged) return { ...claim };
    const support = judged.support.map((j) => {
      const text = chunkText.get(j.chunk_id) ?? '';
      const phrase = j.supporting_phrase.trim();
      const verified = phrase === '' ? j.verdict === 'not_supported' : findQuote(phrase, text) !== undefined;
      let verdict = j.verdict;
      if (!verified && verdict === 'fully_supported') {
        verdict = 'partially_supported';
        accurateIssues.push(s.unverifiedPhrase(claim.index, j.chunk_id));
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
      if (capped) accurateIssues.push(s.numbersCap(claim.index, nums.join(', ')));
    }
    // A joint "fully" that leans on an unverified phrase cannot stand either.
    if (joint === 'fully_supported' && support.some((j) => j.phrase_verified === false)) joint = 'partially_supported';
    return { ...claim, support, ...(joint ? { joint_support: joint } : {}) };
  });

  // ACCURATE: every cited claim must be fully supported by its citations; a local FAIL stays.
  const cited = claims.filter((cl) => cl.citation_indexes.length > 0);
  let unjudged = 0;
  for (const cl of cited) {
    const sup = claimSupport(cl.support, cl.joint_support);
    if (sup === null) unjudged++;
    else if (sup === 'not_supported') accurateIssues.push(s.notSupported(cl.index));
    else if (sup === 'partially_supported') accurateIssues.push(s.partial(cl.index));
  }
  if (unjudged) accurateIssues.push(s.notJudged(unjudged));
  const localAccurate = report.dimensions.accurate;
  const localFailed = localAccurate.status === 'FAIL';
  const modelFailed = cited.some((cl) => {
    const sup = claimSupport(cl.support, cl.joint_support);
    return sup !== null && sup !== 'fully_supported';
  });
  // Nothing judged (no cited claim, or the run stopped early) leaves ACCURATE unchecked, not passed.
  const accurateStatus: Status = localFailed || modelFailed ? 'FAIL' : unjudged > 0 || cited.length === 0 ? 'NOT_CHECKED' : 'PASS';
  const localIssues = localAccurate.issues.filter((i) => i !== s.notChecked);

  const dimensions: Report['dimensions'] = {
    ...report.dimensions,
    accurate: { status: accurateStatus, issues: [...localIssues, ...new Set(accurateIssues)] },
  };
  if (results.complete_refinement) {
    const extra = results.complete_refinement
      .filter((r) => r.is_factual_claim && claims[r.claim_index]?.citation_indexes.length === 0)
      .map((r) => s.confirmedFactual(r.claim_index));
    dimensions.complete = { ...dimensions.complete, issues: [...dimensions.complete.issues, ...extra] };
  }
  if (results.answer_evaluation && results.answer_evaluation.verdict !== 'CORRECT') {
    dimensions.accurate.issues.push(s.incorrect(results.answer_evaluation.verdict));
  }

  const scores = modelScores(report, claims, results);
  const verdict = computeVerdict(dimensions);
  const recall = scores.citation_recall === null ? '—' : `${Math.round(scores.citation_recall * 100)} %`;
  return {
    ...report,
    verdict,
    dimensions,
    claims,
    // The words beside the verdict are always ours: the model's summary may have been steered by
    // a chunk, or written from labels that the checks above lowered.
    summary: s.modelSummary(verdict, recall),
    ...(results.summary?.trim() ? { model_summary: { text: results.summary.trim(), contradicts: summaryContradicts(results.summary, results, dimensions.accurate.status) } } : {}),
    recommendations: [...new Set([...(results.recommendations ?? []), ...report.recommendations.filter((r) => r !== s.recRunModel)])],
    ...(results.answer_evaluation ? { answer_evaluation: results.answer_evaluation } : {}),
    scores,
    meta: { ...report.meta, checked_by: 'model', model: results.model },
  };
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
  const basis = lang === 'cs' ? 'Citovaný úryvek chybí nebo nemá text.' : 'The cited chunk is missing or has no text.';
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

/** SPEC §6 scores from judged claims. Definitions are stated in the README. */
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
  const pairVerdict = new Map<string, SupportJudgement>();
  for (const cl of claims) for (const j of cl.support ?? []) pairVerdict.set(`${cl.index}\u0000${j.chunk_id}`, j);
  const precision: number[] = [];
  const weighted: number[] = [];
  const interpret: number[] = [];
  for (const cit of report.citations) {
    const cl = claims[cit.claim_index];
    const j = cit.chunk_id !== null ? pairVerdict.get(`${cit.claim_index}\u0000${cit.chunk_id}`) : undefined;
    const support = !cit.exists ? 0 : j ? SUPPORT_SCORE[j.verdict] : null;
    if (support === null) continue;
    weighted.push(support);
    const sv = cit.source_verification ? VERIFICATION_SCORE[cit.source_verification.status] : cit.exists ? 1 : 0;
    interpret.push(support * sv);
    const claimSup = cl ? claimSupport(cl.support, cl.joint_support) : null;
    if (claimSup !== 'fully_supported') {
      precision.push(0);
      continue;
    }
    const othersFully = (cl!.support ?? []).some((o) => o.chunk_id !== cit.chunk_id && o.verdict === 'fully_supported');
    precision.push(j && (j.verdict !== 'not_supported' || !othersFully) ? 1 : 0);
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
