// `citation-audit agreement FILE... [--format text|json] [--min-alpha X] [--consensus RULE --out FILE]`
// Reads label files (the Annotate view's JSONL and CSV downloads, history backups, files this
// command wrote) and prints how far the raters agree: Krippendorff's α and pairwise Cohen's κ.
// Exit status: 0 done (α at or above --min-alpha), 1 α below --min-alpha, 2 unusable input or usage.
import { resolve } from 'node:path';
import { consensus, GOLD_ANNOTATOR, type ConsensusRule, type PairLabels } from '../core/eval/consensus';
import { readLabelFile, type LabelFileRead } from '../core/eval/labelFiles';
import { importLabels, plainClaim, type DatasetPair, type LabelRename, type LabelToStore } from '../core/eval/labelImport';
import { annotatorsOf, REFERENCE_ANNOTATOR, splitPairKey, type LabelExportRow } from '../core/eval/labels';
import { labelsByRater, teamAgreement, type TeamAgreement } from '../core/eval/team';
import { plural } from '../core/report/plural';
import { oneOf, readInput, subcommandArgs, type Io, type OptionSpecs } from './args';
import { writeWholeFile } from './wholeFile';

const USAGE = `Usage: citation-audit agreement FILE... [options]

Reads label files (the Annotate view's labels JSONL or CSV downloads, history backups, or a file
written by --out) and prints how far the raters agree over the pairs they labelled: the raters,
the number of pairs, Krippendorff's α (nominal, and ordinal on not < partially < fully; missing
labels allowed) and Cohen's κ for each two raters. Labels of one pair are joined across files by
case id, else by claim text and chunk id.

Options:
  --raters A,B,...        whose labels count (default: every annotator but gold and reference)
  --min-alpha X           exit 1 when α is below X (a number from -1 to 1)
  --alpha-level nominal|ordinal
                          which α --min-alpha checks (default: nominal)
  --consensus majority|unanimous
                          settle the labels into the rater "gold": unanimous pairs, and with
                          majority also pairs where one label has a strict majority among two or
                          more; the ties are listed. Needs --out
  --out FILE              write the labels, gold included, as labels JSONL (what calibrate reads)
  --rename FILE:NAME=NEW  read NAME's labels in FILE as NEW's (two people under one name)
  --same NAME             NAME is one person in every file: merge, the newer label winning
  --format text|json      (default: text)
  -h, --help              this text

Exit status: 0 done, 1 α below --min-alpha, 2 unusable input (a line that cannot be read, fewer
than two raters, α undefined with --min-alpha, a name that two people seem to share).`;

const TOOL = 'citation-audit';

const alphaProblem = (v: string): string | undefined => {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) && n >= -1 && n <= 1 ? undefined : `--min-alpha takes a number from -1 to 1, not "${v}"`;
};

const renameOf = (v: string): LabelRename | null => {
  const m = /^(.*):([^:=]+)=(.+)$/.exec(v);
  return m ? { file: m[1]!, from: m[2]!, to: m[3]! } : null;
};

/**
 * The pairs the files speak of, as a dataset to match them to: each labelled pair once, keyed by
 * case id when the file gives one, else by case key, else by its claim text.
 */
function pairsOf(reads: readonly LabelFileRead[]): DatasetPair[] {
  const pairs = new Map<string, DatasetPair>();
  const byText = new Set<string>();
  const add = (p: DatasetPair) => {
    const k = `${p.caseKey}\u0000${p.claimIndex}\u0000${p.chunkId}`;
    if (!pairs.has(k)) pairs.set(k, p);
    if (p.claim !== undefined) byText.add(`${plainClaim(p.claim)}\u0000${p.chunkId}`);
  };
  const all = reads.flatMap((r) => r.labels);
  for (const l of all) {
    const caseKey = l.caseId !== null ? `id:${l.caseId}` : l.caseKey;
    if (caseKey !== null) add({ caseKey, caseId: l.caseId, claimIndex: l.claimIndex, chunkId: l.chunkId, ...(l.claim !== null ? { claim: l.claim } : {}) });
  }
  // Rows with neither (a CSV of cases without ids): the claim's text is the case.
  for (const l of all) {
    if (l.caseId !== null || l.caseKey !== null || l.claim === null) continue;
    if (!byText.has(`${plainClaim(l.claim)}\u0000${l.chunkId}`)) add({ caseKey: `claim:${plainClaim(l.claim)}`, caseId: null, claimIndex: l.claimIndex, chunkId: l.chunkId, claim: l.claim });
  }
  return [...pairs.values()];
}

/** The labels as labels JSONL rows (labels.ts LabelExportRow, less what only a report knows). */
function exportRows(labels: readonly LabelToStore[], pairs: readonly DatasetPair[]): string {
  const rows = new Map<string, Pick<LabelExportRow, 'case_id' | 'case_key' | 'claim_index' | 'claim' | 'chunk_id' | 'labels'>>();
  const pairOf = new Map(pairs.map((p) => [`${p.caseKey}\u0000${p.claimIndex}\u0000${p.chunkId}`, p]));
  const names = annotatorsOf(labels);
  const sorted = [...labels].sort((a, b) => names.indexOf(a.annotator) - names.indexOf(b.annotator));
  for (const l of sorted) {
    const key = `${l.caseKey}\u0000${l.claimIndex}\u0000${l.chunkId}`;
    const p = pairOf.get(key);
    let row = rows.get(key);
    if (!row) {
      const real = !l.caseKey.startsWith('claim:');
      row = { case_id: p?.caseId ?? null, case_key: real ? l.caseKey : '', claim_index: l.claimIndex, claim: p?.claim ?? l.claimText ?? '', chunk_id: l.chunkId, labels: {} };
      rows.set(key, row);
    }
    row.labels[l.annotator] = {
      label: l.label,
      note: l.note ?? null,
      updated: new Date(l.updated).toISOString(),
      ...(l.settledBy !== undefined && l.settledHow !== undefined ? { settled_by: l.settledBy, settled_how: l.settledHow } : {}),
    };
  }
  return [...rows.values()].map((r) => JSON.stringify(r.case_key ? r : { ...r, case_key: null })).join('\n') + (rows.size ? '\n' : '');
}

const num = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
const SHORT = { fully_supported: 'fully', partially_supported: 'partially', not_supported: 'not' } as const;

function pairName(key: string): string {
  const { caseKey, claimIndex, chunkId } = splitPairKey(key);
  const c = caseKey.startsWith('id:') ? `case ${caseKey.slice(3)}` : caseKey.startsWith('claim:') ? `"${caseKey.slice(6, 46)}"` : `case ${caseKey.slice(0, 12)}`;
  return `${c}, claim ${claimIndex + 1}, chunk ${chunkId}`;
}
const pairLabels = (p: PairLabels): string =>
  Object.entries(p.labels)
    .map(([r, l]) => `${r} ${SHORT[l]}`)
    .join(', ');

function toText(t: TeamAgreement, ties: PairLabels[] | null, gold: number | null): string {
  const out: string[] = [];
  out.push(`raters: ${t.raters.join(', ')}`);
  out.push(`pairs: ${t.items} labelled, ${t.pairable} by two raters or more`);
  out.push(`Krippendorff's α  nominal ${num(t.alpha_nominal)}  ordinal ${num(t.alpha_ordinal)}`);
  out.push('');
  out.push("Cohen's κ");
  const w = Math.max(...t.pairwise.map((p) => `${p.a} – ${p.b}`.length), 0);
  for (const p of t.pairwise) out.push(`  ${`${p.a} – ${p.b}`.padEnd(w)}  n ${String(p.n).padStart(4)}  κ ${num(p.kappa)}`);
  out.push('');
  out.push('per rater (labelled, agreement with the others)');
  const rw = Math.max(...t.raters.map((r) => r.length));
  for (const r of t.per_rater) out.push(`  ${r.rater.padEnd(rw)}  ${String(r.labelled).padStart(5)}  ${r.agreement === null ? '—' : `${(r.agreement * 100).toFixed(1)} %`}`);
  out.push('');
  out.push(`disagreements: ${t.disagreements.length}`);
  if (gold !== null && ties !== null) {
    out.push('');
    out.push(`gold: ${plural('en', gold, { one: '# pair settled', other: '# pairs settled' })}; ${plural('en', ties.length, { one: '# tie', other: '# ties' })} left to settle by hand`);
    for (const p of ties) out.push(`  ${pairName(p.key)}: ${pairLabels(p)}`);
  }
  return out.join('\n') + '\n';
}

export async function agreementMain(argv: string[], io: Io): Promise<number> {
  const usageError = (msg: string): number => {
    io.err(`${TOOL} agreement: ${msg}\n\n${USAGE}\n`);
    return 2;
  };
  const options = {
    raters: { type: 'string' },
    'min-alpha': { type: 'string', check: alphaProblem },
    'alpha-level': { type: 'string', check: oneOf(['nominal', 'ordinal'], (v) => `--alpha-level takes nominal or ordinal, not "${v}"`) },
    consensus: { type: 'string', check: oneOf(['majority', 'unanimous'], (v) => `--consensus takes majority or unanimous, not "${v}"`) },
    out: { type: 'string' },
    rename: { type: 'string', multiple: true, check: (v) => (renameOf(v) ? undefined : `--rename takes FILE:NAME=NEW, not "${v}"`) },
    same: { type: 'string', multiple: true },
    format: { type: 'string', check: oneOf(['text', 'json'], (v) => `--format takes text or json, not "${v}"`) },
  } as const satisfies OptionSpecs;
  const args = subcommandArgs(argv, options, { io, usage: USAGE, usageError });
  if (typeof args === 'number') return args;
  const { values: v, positionals: files } = args;
  if (files.length === 0) return usageError('no label file given');
  if (files.includes('-')) return usageError('reads label files, not standard input');
  if ((v.consensus === undefined) !== (v.out === undefined)) return usageError('--consensus and --out go together');
  const say = (s: string): void => io.err(`${TOOL} agreement: ${s}\n`);

  // --- read -------------------------------------------------------------------------------------
  const reads: LabelFileRead[] = [];
  let errors = 0;
  for (const file of files) {
    const text = await readInput(file, io);
    if (text === null) return 2;
    const read = readLabelFile(file, text);
    for (const e of read.errors) io.err(`${e.file}:${e.line}: ${e.message}\n`);
    errors += read.errors.length;
    reads.push(read);
  }
  if (errors) {
    say(`${plural('en', errors, { one: '# line', other: '# lines' })} could not be read; nothing compared`);
    return 2;
  }
  // Each --rename and --same must name a file given and a name in it: one that met nothing was
  // ignored without a word (a typo, or the file spelled ./labels/a.jsonl when given as
  // labels/a.jsonl), and the clash it was to answer was reported again.
  const namesIn = (r: LabelFileRead) => [...new Set(r.labels.map((l) => l.annotator))];
  const renames: LabelRename[] = [];
  for (const given of v.rename ?? []) {
    const r = renameOf(given)!;
    const file = r.file ?? '';
    const read = reads.find((x) => x.file === file) ?? reads.find((x) => resolve(x.file) === resolve(file));
    if (!read) return usageError(`--rename ${given}: ${file} is not one of the files given (${files.join(', ')})`);
    if (!namesIn(read).includes(r.from)) {
      say(`--rename ${given}: ${read.file} has no labels by "${r.from}" (its annotators: ${namesIn(read).join(', ') || 'none'})`);
      return 2;
    }
    renames.push({ ...r, file: read.file });
  }
  for (const name of v.same ?? []) {
    if (!reads.some((x) => namesIn(x).includes(name))) {
      say(`--same ${name}: no file has labels by "${name}" (annotators: ${[...new Set(reads.flatMap(namesIn))].join(', ') || 'none'})`);
      return 2;
    }
    renames.push({ from: name, to: name });
  }
  const pairs = pairsOf(reads);
  const merged = importLabels(pairs, [], reads, { renames, now: Date.now() });
  for (const c of merged.clashes) {
    say(`"${c.annotator}" in ${c.held} and in ${c.kept} looks like two people (${c.conflicting} of ${c.shared} shared pairs differ, at other times):`);
    say(`  give --rename ${c.held}:${c.annotator}=NEW to keep them apart, or --same ${c.annotator} to merge them`);
  }
  if (merged.clashes.length) return 2;
  if (merged.unmatched.count) say(`${plural('en', merged.unmatched.count, { one: '# label', other: '# labels' })} could not be joined to a pair (no case id and no claim text); not compared`);
  if (merged.superseded) say(`${plural('en', merged.superseded, { one: '# label was', other: '# labels were' })} given again for the same pair by the same annotator; the newer is compared`);
  const labels = merged.put;

  // --- agreement --------------------------------------------------------------------------------
  const names = annotatorsOf(labels);
  const raters = v.raters !== undefined ? v.raters.split(',').map((s) => s.trim()).filter(Boolean) : names.filter((n) => n !== GOLD_ANNOTATOR && n !== REFERENCE_ANNOTATOR);
  const unknown = raters.filter((r) => !names.includes(r));
  if (unknown.length) {
    say(`no labels by ${unknown.map((r) => `"${r}"`).join(', ')}; annotators: ${names.join(', ') || 'none'}`);
    return 2;
  }
  if (raters.length < 2) {
    say(`needs labels by two raters or more; found ${raters.length ? raters.join(', ') : 'none'}`);
    return 2;
  }
  const team = teamAgreement(labelsByRater(labels, raters));

  // --- consensus --------------------------------------------------------------------------------
  let settled: { gold: number; ties: PairLabels[] } | null = null;
  if (v.consensus !== undefined && v.out !== undefined) {
    const rule = v.consensus as ConsensusRule;
    const c = consensus(labels, { rule, raters, settledBy: TOOL, now: Date.now() });
    const drop = new Set(c.stale.map((g) => `${g.caseKey}\u0000${g.claimIndex}\u0000${g.chunkId}`));
    const given = new Set(c.gold.map((g) => `${g.caseKey}\u0000${g.claimIndex}\u0000${g.chunkId}`));
    const kept = labels.filter((l) => l.annotator !== GOLD_ANNOTATOR || !(drop.has(`${l.caseKey}\u0000${l.claimIndex}\u0000${l.chunkId}`) || given.has(`${l.caseKey}\u0000${l.claimIndex}\u0000${l.chunkId}`)));
    const written: LabelToStore[] = [...kept, ...c.gold.map((g) => ({ caseKey: g.caseKey, claimIndex: g.claimIndex, chunkId: g.chunkId, annotator: GOLD_ANNOTATOR, label: g.label, updated: g.updated, settledBy: g.settledBy, settledHow: g.settledHow }))];
    try {
      await writeWholeFile(v.out, (write) => write(exportRows(written, pairs)));
    } catch (err) {
      say(`cannot write ${v.out}: ${(err as Error).message}`);
      return 2;
    }
    settled = { gold: written.filter((l) => l.annotator === GOLD_ANNOTATOR).length, ties: c.unsettled };
  }

  // --- print ------------------------------------------------------------------------------------
  if (v.format === 'json') {
    const pair = (key: string) => {
      const { caseKey, claimIndex, chunkId } = splitPairKey(key);
      return caseKey.startsWith('claim:') ? { case_key: null, claim_index: claimIndex, chunk_id: chunkId } : { case_key: caseKey, claim_index: claimIndex, chunk_id: chunkId };
    };
    io.out(
      `${JSON.stringify(
        {
          ...team,
          disagreements: team.disagreements.map((d) => ({ ...pair(d.key), labels: d.labels })),
          files: reads.map((r) => ({ file: r.file, kind: r.kind, labels: r.labels.length })),
          unmatched: merged.unmatched.count,
          ...(settled ? { consensus: { rule: v.consensus, out: v.out, gold: settled.gold, ties: settled.ties.map((t) => ({ ...pair(t.key), labels: t.labels })) } } : {}),
        },
        null,
        2,
      )}\n`,
    );
  } else io.out(toText(team, settled?.ties ?? null, settled?.gold ?? null));

  if (v['min-alpha'] !== undefined) {
    const level = v['alpha-level'] ?? 'nominal';
    const alpha = level === 'ordinal' ? team.alpha_ordinal : team.alpha_nominal;
    const min = Number(v['min-alpha']);
    if (alpha === null) {
      say(`${level} α is undefined (no pair labelled by two raters, or a single label used throughout); cannot check --min-alpha`);
      return 2;
    }
    if (alpha < min) {
      say(`${level} α ${alpha.toFixed(3)} is below --min-alpha ${min}`);
      return 1;
    }
  }
  return 0;
}
