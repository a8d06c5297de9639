// Judge calibration: how far the model's support verdicts agree with human labels on the user's
// own data. Reads the labelled inputs (cases carrying reference labels, and the Annotate view's
// labels JSONL), pairs human and model verdicts per (case, claim, chunk), and sums up the
// agreement. Pure; the CLI runs the model and prints the result.
import { z } from '../zod';
import { agreement, type AgreementSummary } from './agreement';
import { GOLD_ANNOTATOR } from './consensus';
import { REFERENCE_ANNOTATOR, SUPPORT_VERDICTS } from './labels';
import type { SupportVerdict } from '../types';
import { plural } from '../report/plural';

const idLike = z.union([z.string(), z.number().transform(String)]);

/** A line of the Annotate view's labels export (core/eval/labels.ts LabelExportRow), as far as calibration needs it. */
const LabelRowSchema = z.looseObject({
  case_id: idLike.nullable().optional(),
  case_key: z.string().optional(),
  claim_index: z.number().int().min(0),
  chunk_id: idLike,
  claim: z.string().optional(),
  labels: z.record(z.string(), z.looseObject({ label: z.enum(SUPPORT_VERDICTS as [SupportVerdict, ...SupportVerdict[]]) })),
});

/** The same with one label per line (docs/formats.md, label files): a hand-written or another tool's file. */
const OneLabelRowSchema = z.looseObject({
  case_id: idLike.nullable().optional(),
  case_key: z.string().optional(),
  claim_index: z.number().int().min(0),
  chunk_id: idLike,
  claim: z.string().optional(),
  annotator: z.string().trim().min(1),
  label: z.enum(SUPPORT_VERDICTS as [SupportVerdict, ...SupportVerdict[]]),
});

export interface LabelRow {
  line: number;
  caseId: string | null;
  caseKey: string | null;
  claimIndex: number;
  chunkId: string;
  /** The claim's text as the export wrote it, when it did: shows whether the row is about this case. */
  claim?: string;
  labels: Record<string, SupportVerdict>;
}

export interface LabelledInput {
  /** The lines that are not label rows, other lines blanked so that positions stay right for the case parser. */
  caseText: string;
  rows: LabelRow[];
}

/** Splits a labelled file into label rows (the labels export) and everything else (cases). */
export function splitLabelled(text: string): LabelledInput {
  const lines = text.split('\n');
  const rows: LabelRow[] = [];
  const rest: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const row = labelRowOf(lines[i]!.trim(), i + 1);
    if (row) rows.push(row);
    // A label row leaves an empty line, so that the cases keep their line numbers.
    rest.push(row ? '' : lines[i]!);
  }
  return { caseText: rest.join('\n'), rows };
}

/**
 * A line that is a label row: the Annotate view's labels JSONL (one pair, its labels by name) or
 * one label per line (as agreement reads it too). Only a line that mentions both keys is parsed.
 */
function labelRowOf(t: string, line: number): LabelRow | undefined {
  if (!t.startsWith('{') || !t.includes('"claim_index"') || !(t.includes('"labels"') || t.includes('"annotator"'))) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return undefined;
  }
  const many = LabelRowSchema.safeParse(value);
  const one = many.success ? undefined : OneLabelRowSchema.safeParse(value);
  const d = many.success ? many.data : one?.success ? one.data : undefined;
  if (!d) return undefined;
  const labels: Record<string, SupportVerdict> = {};
  if (many.success) for (const [name, v] of Object.entries(many.data.labels)) labels[name] = v.label;
  else if (one?.success) labels[one.data.annotator] = one.data.label;
  return { line, caseId: d.case_id ?? null, caseKey: d.case_key ?? null, claimIndex: d.claim_index, chunkId: d.chunk_id, ...(d.claim !== undefined ? { claim: d.claim } : {}), labels };
}

/**
 * Whose labels count as the truth: the one asked for; else the team's settled labels (gold) when
 * any; else the reference labels when any; else the only annotator. Several annotators and no choice is an error naming them (pooling two people's
 * labels would hide their own disagreement).
 */
export function chooseAnnotator(names: readonly string[], wanted?: string): { annotator: string } | { error: string } {
  const unique = [...new Set(names)].sort();
  if (wanted !== undefined) return unique.includes(wanted) ? { annotator: wanted } : { error: `no labels by "${wanted}"; annotators: ${unique.join(', ') || 'none'}` };
  if (unique.includes(GOLD_ANNOTATOR)) return { annotator: GOLD_ANNOTATOR };
  if (unique.includes(REFERENCE_ANNOTATOR)) return { annotator: REFERENCE_ANNOTATOR };
  if (unique.length === 1) return { annotator: unique[0]! };
  if (unique.length === 0) return { error: 'no human labels found' };
  return { error: `labels by several annotators (${unique.join(', ')}): choose one with --annotator, or settle them into gold with \`citation-audit agreement --consensus\`` };
}

export interface CalibrationItem {
  key: string;
  human: SupportVerdict;
  /** Null when the model gave no verdict for the pair (e.g. a label on a chunk the answer does not cite). */
  model: SupportVerdict | null;
}

export interface Calibration {
  /** Human-labelled pairs. */
  labelled: number;
  /** Of those, pairs the model judged (the agreement is over these). */
  judged: number;
  /** The model is rater A, the humans rater B (the truth for balanced accuracy). */
  agreement: AgreementSummary<string>;
  balancedAccuracy: number | null;
  /** Supported (fully) vs not, model against humans. */
  binary: { truePositive: number; falseNegative: number; falsePositive: number; trueNegative: number };
  /** How often the model said supported where the humans did not: the costly error of a judge. */
  falseSupportRate: number | null;
}

export function calibrate(items: readonly CalibrationItem[]): Calibration {
  const model = new Map<string, SupportVerdict>();
  const human = new Map<string, SupportVerdict>();
  for (const it of items) {
    human.set(it.key, it.human);
    if (it.model) model.set(it.key, it.model);
  }
  const a = agreement(model, human);
  const full = a.categories.indexOf('fully_supported');
  const binary = { truePositive: 0, falseNegative: 0, falsePositive: 0, trueNegative: 0 };
  a.matrix.forEach((row, i) =>
    row.forEach((n, j) => {
      if (j === full) binary[i === full ? 'truePositive' : 'falseNegative'] += n;
      else binary[i === full ? 'falsePositive' : 'trueNegative'] += n;
    }),
  );
  const negatives = binary.falsePositive + binary.trueNegative;
  return {
    labelled: items.length,
    judged: a.n,
    agreement: a,
    balancedAccuracy: a.balanced_accuracy,
    binary,
    falseSupportRate: negatives ? binary.falsePositive / negatives : null,
  };
}

const num = (x: number | null, digits = 3): string => (x === null ? '—' : x.toFixed(digits));
const SHORT: Record<SupportVerdict, string> = { fully_supported: 'full', partially_supported: 'partial', not_supported: 'not' };

export interface CalibrationRunInfo {
  model: string;
  strict: boolean;
  annotator: string;
  cases: number;
  /** Cases whose model run failed (their pairs are not judged). */
  failedCases: number;
  usage: { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number; output_tokens: number; requests: number };
  costUSD: string | null;
}

export function calibrationToText(c: Calibration, info: CalibrationRunInfo): string {
  const a = c.agreement;
  const out: string[] = [];
  const truth = info.annotator === REFERENCE_ANNOTATOR ? 'the reference labels' : info.annotator === GOLD_ANNOTATOR ? 'the gold labels' : `labels by ${info.annotator}`;
  out.push(`model ${info.model}${info.strict ? ' (strict: two judgements per claim)' : ''} against ${truth}`);
  out.push(`pairs: ${c.judged} compared of ${c.labelled} labelled, over ${plural('en', info.cases, { one: '# case', other: '# cases' })}${info.failedCases ? ` (${plural('en', info.failedCases, { one: '# case', other: '# cases' })} failed)` : ''}`);
  out.push('');
  out.push(`balanced accuracy (supported vs not)  ${num(c.balancedAccuracy)}`);
  out.push(`false "supported" rate                ${num(c.falseSupportRate)}`);
  out.push(`Cohen's κ (three levels)              ${num(a.kappa)}`);
  out.push(`weighted κ linear / quadratic         ${num(a.weighted_kappa_linear)} / ${num(a.weighted_kappa_quadratic)}`);
  out.push(`percent agreement                     ${a.percent === null ? '—' : `${(a.percent * 100).toFixed(1)} %`}`);
  out.push('');
  out.push('confusion (rows: model, columns: humans)');
  const cats = [...a.categories].reverse();
  out.push(`${''.padEnd(10)}${cats.map((k) => SHORT[k].padStart(9)).join('')}`);
  for (const r of cats) {
    const i = a.categories.indexOf(r);
    out.push(`${SHORT[r].padEnd(10)}${cats.map((k) => String(a.matrix[i]![a.categories.indexOf(k)]).padStart(9)).join('')}`);
  }
  out.push('');
  const u = info.usage;
  out.push(`tokens: ${u.input_tokens} input (${u.cache_read_input_tokens} read from cache, ${u.cache_creation_input_tokens} written to it), ${u.output_tokens} output, ${plural('en', u.requests, { one: '# request', other: '# requests' })}`);
  out.push(`cost: ${info.costUSD ?? 'unknown (no price for this model)'}`);
  return out.join('\n') + '\n';
}
