// The annotation and dataset views' words, English and Czech. Accessible names are stable per
// language; the tests find things by these strings.
import type { BaselineFilter, BatchRunStatus, LocalStatus, ModelRunStatus } from '../../state/dataset/app';
import type { AnnotationMessage } from '../../state/annotation/app';
import type { ScoreKey } from '../../core/eval/dataset';
import type { Dimension, Status, SupportVerdict, Verdict } from '../../core/types';
import type { ChangeKind } from '../../core/eval/diff';
import type { Catalogue } from '../i18n';
import { plural } from '../../core/report/plural';

const pct = (x: number | null, lang: 'en' | 'cs') => (x === null ? '—' : `${(x * 100).toFixed(1).replace('.', lang === 'cs' ? ',' : '.')} %`);
const num = (x: number | null, lang: 'en' | 'cs', digits = 3) => (x === null ? '—' : x.toFixed(digits).replace('.', lang === 'cs' ? ',' : '.'));
const secs = (ms: number, lang: 'en' | 'cs') => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1).replace('.', lang === 'cs' ? ',' : '.');

/** "n cases" in each language: 1 případ, 2–4 případy, 5+ případů. */
const cases = (n: number, lang: 'en' | 'cs') => plural(lang, n, lang === 'cs' ? { one: '# případ', few: '# případy', other: '# případů' } : { one: '# case', other: '# cases' });
const pripadu = (n: number) => cases(n, 'cs');
/** The same after "z" (genitive): z 1 případu, z 3 případů. */
const zPripadu = (n: number) => plural('cs', n, { one: '# případu', other: '# případů' });

const en = {
  // Annotation view
  annotation: 'Annotation',
  source: 'Pairs from',
  sourceDataset: (name: string) => `Dataset ${name}`,
  sourceWorkbench: 'The case in the workbench',
  annotator: 'Annotator',
  annotatorPlaceholder: 'your name',
  blind: 'Blind mode',
  blindHint: 'Hide the model’s verdict and other labels until you have labelled the pair.',
  advance: 'Go to the next pair after labelling',
  progressLabel: 'Labelling progress',
  progress: (done: number, total: number) => `${done} of ${total} pairs labelled`,
  exportLabelsJsonl: 'Download labels (JSONL)',
  exportLabelsCsv: 'Download labels (CSV)',
  empty: 'No pairs to label yet. Open a dataset in the Dataset view, or a case whose answer cites chunks in the workbench.',
  loadingPair: 'Loading the case…',
  pairLabel: (i: number, n: number) => `Pair ${i} of ${n}`,
  prev: 'Previous pair',
  next: 'Next pair',
  nextUnlabelled: 'Next unlabelled',
  openInWorkbench: 'Open this case in the workbench',
  caseLabel: (id: string | null, i: number) => (id ? `Case ${id}` : `Case ${i + 1}`),
  claimHeading: (n: number) => `Claim ${n + 1}`,
  answer: 'Answer with the claim highlighted',
  chunkHeading: (id: string) => `Cited chunk ${id}`,
  chunkUncited: (id: string) => `Chunk ${id} (evidence from a label; the answer does not cite it here)`,
  chunkRegion: 'Cited chunk',
  chunkMissing: 'The answer cites this chunk, but the case has no chunk with this id.',
  chunkEmpty: 'This chunk has no text.',
  legendQuote: 'quoted span',
  legendSupport: 'model’s supporting phrase',
  legendNear: 'most words shared with the claim (where to look, not a judgement)',
  markers: (m: string) => `Markers: ${m}`,
  labelGroup: 'Label',
  labels: {
    fully_supported: 'Fully supported',
    partially_supported: 'Partially supported',
    not_supported: 'Not supported',
  } satisfies Record<SupportVerdict, string>,
  undo: 'Undo',
  note: 'Note',
  notePlaceholder: 'Optional: why (n to write, Esc to leave)',
  yourLabel: (l: string) => `Your label: ${l}`,
  notLabelled: 'Not labelled by you yet.',
  modelRegion: 'Model verdict',
  modelNone: 'The model has not judged this pair.',
  modelHidden: 'Hidden until you label this pair (blind mode).',
  modelVerdict: (v: string) => `Model: ${v}`,
  supportingPhrase: 'Supporting phrase',
  missingOrExtra: 'Missing or extra',
  basis: 'Basis',
  othersRegion: 'Other labels',
  othersHidden: 'Hidden until you label this pair (blind mode).',
  othersNone: 'No other labels.',
  keysHelp: 'Keys: 1 / 2 / 3 label · j / k or arrows move · u undo · n note',
  messages: {
    'need-annotator': 'Enter your name as annotator first: labels are kept per annotator.',
    'reserved-annotator': '“reference” (labels a dataset brings) and “gold” (settled labels) are reserved; choose another name.',
    'save-failed': 'A label could not be saved in this browser (storage full or unavailable).',
    undone: 'Undone.',
    'nothing-to-undo': 'Nothing to undo.',
  } satisfies Record<AnnotationMessage, string>,
  dismiss: 'Dismiss',

  // Agreement
  agreement: 'Agreement',
  raterA: 'Rater A',
  raterB: 'Rater B',
  model: 'Model',
  raterName: (r: string) => r,
  chooseTwo: 'Choose two different raters.',
  pairsCompared: 'Pairs both labelled',
  percent: 'Percent agreement',
  kappa: 'Cohen’s κ',
  kappaLinear: 'Weighted κ (linear)',
  kappaQuadratic: 'Weighted κ (quadratic)',
  balancedAccuracy: 'Balanced accuracy',
  balancedAccuracyHint: 'A against B as the truth, fully supported vs not: the mean of the share of B’s supported pairs A calls supported and of B’s other pairs A does not. A rater that says “supported” to everything gets 0.5.',
  modelVsReference: 'Model vs reference',
  confusion: (a: string, b: string) => `Confusion matrix: rows ${a}, columns ${b}`,
  short: { fully_supported: 'fully', partially_supported: 'partially', not_supported: 'not' } satisfies Record<SupportVerdict, string>,
  disagreements: (n: number) => `Disagreements (${n})`,
  noDisagreements: 'No disagreements.',
  disagreement: (where: string, a: string, la: string, b: string, lb: string) => `${where}: ${a} ${la}, ${b} ${lb}`,
  where: (caseLabel: string, claim: number, chunk: string) => `${caseLabel} · claim ${claim + 1} · chunk ${chunk}`,
  pct,
  num,

  // Dataset view
  dataset: 'Dataset',
  openDataset: 'Open dataset file',
  openDatasetButton: 'Open dataset (JSONL)…',
  datasetHint: 'One case per line (JSON Lines), a JSON list of cases, or one case. Cases with human labels (AttributionBench/HAGRID, ExpertQA, Liu et al. 2023, CTKFacts) bring them as the “reference” annotator.',
  datasetSummary: (name: string, n: number) => `${name}: ${cases(n, 'en')}`,
  unreadable: (n: number) => plural('en', n, { one: '# line could not be read', other: '# lines could not be read' }),
  errorAt: (line: number, column: number, message: string) => `line ${line}, column ${column}: ${message}`,
  closeDataset: 'Close dataset',
  localRegion: 'Local checks',
  localProgress: 'Local checks progress',
  localStatus: (s: LocalStatus, done: number, total: number) =>
    s === 'parsing'
      ? 'Reading the file…'
      : s === 'running'
        ? `Checking… ${done} of ${total} cases`
        : s === 'stopped'
          ? `Stopped after ${done} of ${total} cases.`
          : s === 'done'
            ? `Local checks done: ${cases(total, 'en')}.`
            : s === 'error'
              ? 'The local checks failed.'
              : 'No dataset open.',
  throughput: (n: number, ms: number) => `${cases(n, 'en')} in ${secs(ms, 'en')} s (${Math.round((n / Math.max(ms, 1)) * 1000)} cases/s, in a worker)`,
  cancel: 'Cancel',
  continueLocal: 'Continue',
  rerunLocal: 'Run local checks again',
  modelRegionTitle: 'Model audit of all cases',
  keyRemembered: (masked: string) => `Key ${masked}, remembered on this device (Settings); the workbench's model audit uses it too.`,
  datasetKeyHint: 'The same key as in Settings: kept in memory for this tab only unless you choose to remember it there, and sent only to the Base URL.',
  keyInMemory: (masked: string) => `Key ${masked} in memory for this tab; the workbench's model audit uses it too.`,
  forgetKey: 'Forget key',
  modelLine: (model: string, base: string, strict: boolean) => `${model} at ${base}${strict ? ' · strict mode' : ''} (change in Settings)`,
  concurrency: 'Requests at once',
  repeatLabel: 'Judge each claim K times',
  repeatHint: 'K independent judgements of every claim (1 to 10); the table\u2019s Stability column says how often they agreed. Message Batches take one judgement, or two under strict mode.',
  estimateRepeat: (k: number) => `The estimate counts ${k} judgements per claim; all but the first read the case from the prompt cache.`,
  estimate: 'Estimate cost',
  estimating: 'Counting tokens…',
  estimateText: (usd: string | null, count: number, counted: number, tokens: number) =>
    `${usd ? `≈ ${usd}` : 'No price known for this model'} for ${cases(count, 'en')}: ≈ ${tokens.toLocaleString('en')} input tokens (${counted} counted exactly, the rest extrapolated by size; output estimated).`,
  estimateCache: (cached: number, total: number) =>
    `The instructions are sent marked for prompt caching: ≈ ${cached.toLocaleString('en')} of the ${total.toLocaleString('en')} input tokens are read from the cache at a tenth of the price.`,
  runUsage: (plain: number, written: number, read: number, output: number, cost: string | null, uncached: string | null) =>
    `Input tokens: ${plain.toLocaleString('en')} uncached, ${written.toLocaleString('en')} written to the prompt cache, ${read.toLocaleString('en')} read from it; output ${output.toLocaleString('en')}.${cost ? ` Cost ${cost}${uncached && read > 0 ? ` (${uncached} without the cache)` : ''}.` : ''}`,
  runModel: (n: number) => `Run model audit (${cases(n, 'en')})`,
  resumeModel: (n: number) => `Resume model audit (${n} left)`,
  modelAllJudged: (n: number) => `The model has judged ${plural('en', n, { one: 'the # case', other: 'all # cases' })}.`,
  modelProgress: 'Model audit progress',
  modelStatus: (s: ModelRunStatus, done: number, total: number, failed: number) => {
    const f = failed ? `, ${failed} failed (retried on resume)` : '';
    switch (s) {
      case 'running':
        return `Judging… ${done} of ${total} cases${f}`;
      case 'done':
        return `Model audit done: ${done} of ${total} cases judged${f}.`;
      case 'cancelled':
        return `Cancelled after ${done} of ${total} cases; the rest can be resumed.`;
      case 'stopped':
        return `Stopped after ${done} of ${total} cases.`;
      case 'estimating':
        return 'Counting tokens…';
      default:
        return '';
    }
  },
  modelJudged: (n: number, total: number) => `${n} of ${total} cases judged by the model.`,
  batchOption: 'Run as batch (half price)',
  batchOptionHint: 'Sent as one Message Batch: half the price, results within 24 hours (usually much sooner). A reload resumes it.',
  runBatch: (n: number) => `Send ${cases(n, 'en')} as a batch`,
  cancelBatch: 'Cancel batch',
  followBatch: 'Follow the batch again',
  estimateBatch: (usd: string) => `As a batch: ≈ ${usd} (half price).`,
  batchProgress: 'Batch progress',
  batchStatus: (s: BatchRunStatus, done: number, requests: number, bad: number, merged: number, failed: number, ids: string) => {
    const f = bad ? `, ${bad} errored, cancelled or expired` : '';
    switch (s) {
      case 'creating':
        return 'Creating the batch…';
      case 'waiting':
        return `Batch ${ids}: ${done} of ${requests} requests done${f}. Checked again with growing pauses; a reload resumes it.`;
      case 'cancelling':
        return `Cancelling batch ${ids}; the cases done so far are kept.`;
      case 'merging':
        return `Batch ended: merging the results (${merged + failed} cases so far)…`;
      case 'done':
        return `Batch done: ${cases(merged, 'en')} judged${failed ? `, ${failed} failed (run again to judge them)` : ''}.`;
      default:
        return '';
    }
  },
  batchUsage: (requests: number, input: number, read: number, cost: string | null, interactive: string | null) =>
    `Batch: ${plural('en', requests, { one: '# request', other: '# requests' })}, ${input.toLocaleString('en')} input tokens (${read.toLocaleString('en')} read from the prompt cache)${cost ? `, cost ${cost} at the batch price${interactive ? ` (${interactive} interactive)` : ''}` : ''}.`,
  batchRefused: 'The API refused batch requests from this browser. Run the same batch from a terminal, with ANTHROPIC_API_KEY set:',
  batchNeedsKey: 'A batch of this dataset is under way: enter the API key to resume following it.',
  needKey: 'Enter an API key to run the model over the dataset.',
  otherTab: 'Another tab of this browser is running the model over this dataset. Let it finish (or cancel it there), then reload this page and resume here.',
  datasetGone: 'The run stopped: this dataset was replaced or closed in another tab, so its remaining cases could not be read. Download what is shown here, or reload the page.',
  needAudit: 'The local checks must finish first.',
  replaceTitle: (closing: boolean): string => (closing ? 'Close the dataset?' : 'Open another dataset?'),
  replaceBody: (name: string, judged: number, running: boolean) =>
    `“${name}” holds ${cases(judged, 'en')} judged by the model${running ? ', and a model run is still going (it will be cancelled)' : ''}. They are lost unless you download the results first. Your labels are kept.`,
  replaceDownload: 'Download results (JSONL)',
  replaceConfirm: (closing: boolean): string => (closing ? 'Close it' : 'Replace it'),
  replaceKeep: 'Keep it',
  metrics: 'Metrics',
  metricsHint: 'Means over the cases that have each score (ALCE-style macro average); histograms in tenths.',
  verdicts: 'Verdicts',
  verdictNames: { PASS: 'PASS', FAIL: 'FAIL', INCOMPLETE: 'INCOMPLETE' } satisfies Record<Verdict, string>,
  dimensionNames: { exists: 'Exists', accurate: 'Accurate', complete: 'Complete', formatted: 'Formatted' } satisfies Record<Dimension, string>,
  statusNames: { PASS: 'pass', FAIL: 'fail', NOT_CHECKED: 'not checked' } satisfies Record<Status, string>,
  scoreNames: {
    citation_recall: 'Citation recall (ALCE)',
    citation_precision: 'Citation precision (ALCE)',
    support_weighted_precision: 'Support-weighted precision',
    mean_support: 'Mean support',
    interpretability: 'Interpretability',
    correctness: 'Correctness',
    overall_score: 'Overall score',
    citation_coverage: 'Citation coverage',
    citation_existence: 'Citation existence',
    source_verification: 'Source verification',
  } satisfies Record<ScoreKey, string>,
  stabilityName: 'Stability (repeated judgements)',
  scoreMean: (mean: string, n: number) => `mean ${mean} over ${cases(n, 'en')}`,
  scoreNone: 'no case has it yet',
  histogram: (name: string) => `Distribution of ${name}`,
  results: 'Results',
  filterText: 'Filter cases',
  filterPlaceholder: 'id or words of the query',
  filterVerdict: 'Verdict',
  filterFailing: 'Failing dimension',
  any: 'any',
  rowsShown: (n: number, total: number) => `${n} of ${total} cases`,
  columns: { index: '#', case_id: 'Case', verdict: 'Verdict', claims: 'Claims', citations: 'Citations', errors: 'Errors', checked: 'By' },
  sortBy: (col: string) => `Sort by ${col}`,
  openCase: (id: string) => `Open case ${id} in the workbench`,
  checkedBy: { local: 'local', model: 'model' },
  pagePrev: 'Previous page',
  pageNext: 'Next page',
  page: (p: number, n: number) => `Page ${p} of ${n}`,
  downloadJsonl: 'Download results (JSONL)',
  downloadCsv: 'Download results (CSV)',
  caseFailed: (msg: string) => `Could not be audited: ${msg}`,
  // Baseline: an earlier results file diffed against the current results
  baselineTitle: 'Compare with an earlier run',
  baselineLoad: 'Load baseline…',
  baselineFile: 'Baseline results file',
  baselineHint: 'An earlier results file: this view’s JSONL download or the CLI’s --format json lines.',
  baselineClear: 'Remove baseline',
  baselineLoaded: (name: string) => `Baseline: ${name}`,
  baselineSkipped: (n: number) => `${plural('en', n, { one: '# unreadable line', other: '# unreadable lines' })} skipped`,
  baselineEmpty: 'The file holds no results.',
  baselineReading: (name: string) => `Reading ${name}…`,
  baselineFailed: (msg: string) => `The file could not be read: ${msg}`,
  baselineUnreadable: (line: number, msg: string) => `Line ${line}: ${msg}`,
  baselineCounts: (r: number, i: number, m: number, u: number, other: number) =>
    `${r} regressed · ${i} improved${m ? ` · ${m} newly measured` : ''} · ${u} unchanged${other ? ` · ${other} other (changed, added, removed)` : ''}`,
  baselineFilter: 'Show',
  baselineFilters: { all: 'all cases', regressed: 'regressed', improved: 'improved', newly_measured: 'newly measured', unchanged: 'unchanged' } satisfies Record<BaselineFilter, string>,
  baselineKinds: {
    regressed: 'regressed',
    improved: 'improved',
    newly_measured: 'newly measured',
    changed: 'changed',
    unchanged: 'unchanged',
    added: 'added',
    removed: 'removed',
  } satisfies Record<ChangeKind, string>,
  baselineCaseCol: 'Case',
  baselineChangeCol: 'Change',
  baselineVerdictCol: 'Verdict',
  baselineShowCase: (name: string) => `Show before and after of ${name}`,
  baselineBefore: 'Before (baseline)',
  baselineAfter: 'After (current)',
  baselineNone: 'No case in this group.',
  baselineOpenCurrent: 'Open the current case in the workbench',
  baselineFindingsAppeared: 'Findings that appeared',
  baselineFindingsGone: 'Findings that disappeared',
};

export type AnnotateMessages = typeof en;

const cs: AnnotateMessages = {
  annotation: 'Anotace',
  source: 'Dvojice z',
  sourceDataset: (name) => `Dataset ${name}`,
  sourceWorkbench: 'Případ v pracovišti',
  annotator: 'Anotátor',
  annotatorPlaceholder: 'vaše jméno',
  blind: 'Slepý režim',
  blindHint: 'Skrýt verdikt modelu a ostatní štítky, dokud dvojici neoznačíte.',
  advance: 'Po označení přejít na další dvojici',
  progressLabel: 'Postup anotace',
  progress: (done, total) => `${done} z ${total} dvojic označeno`,
  exportLabelsJsonl: 'Stáhnout štítky (JSONL)',
  exportLabelsCsv: 'Stáhnout štítky (CSV)',
  empty: 'Zatím není co označovat. Otevřete dataset v pohledu Dataset, nebo v pracovišti případ, jehož odpověď cituje úryvky.',
  loadingPair: 'Načítání případu…',
  pairLabel: (i, n) => `Dvojice ${i} z ${n}`,
  prev: 'Předchozí dvojice',
  next: 'Další dvojice',
  nextUnlabelled: 'Další neoznačená',
  openInWorkbench: 'Otevřít tento případ v pracovišti',
  caseLabel: (id, i) => (id ? `Případ ${id}` : `Případ ${i + 1}`),
  claimHeading: (n) => `Tvrzení ${n + 1}`,
  answer: 'Odpověď se zvýrazněným tvrzením',
  chunkHeading: (id) => `Citovaný úryvek ${id}`,
  chunkUncited: (id) => `Úryvek ${id} (důkaz ze štítku; odpověď ho zde necituje)`,
  chunkRegion: 'Citovaný úryvek',
  chunkMissing: 'Odpověď tento úryvek cituje, ale případ úryvek s tímto id nemá.',
  chunkEmpty: 'Tento úryvek nemá text.',
  legendQuote: 'citovaný úsek',
  legendSupport: 'opěrná fráze modelu',
  legendNear: 'nejvíc slov společných s tvrzením (kam se dívat, ne hodnocení)',
  markers: (m) => `Značky: ${m}`,
  labelGroup: 'Štítek',
  labels: { fully_supported: 'Plně podloženo', partially_supported: 'Částečně podloženo', not_supported: 'Nepodloženo' },
  undo: 'Zpět',
  note: 'Poznámka',
  notePlaceholder: 'Nepovinné: proč (n pro psaní, Esc pro odchod)',
  yourLabel: (l) => `Váš štítek: ${l}`,
  notLabelled: 'Zatím neoznačeno vámi.',
  modelRegion: 'Verdikt modelu',
  modelNone: 'Model tuto dvojici neposuzoval.',
  modelHidden: 'Skryto, dokud dvojici neoznačíte (slepý režim).',
  modelVerdict: (v) => `Model: ${v}`,
  supportingPhrase: 'Opěrná fráze',
  missingOrExtra: 'Chybí nebo přebývá',
  basis: 'Zdůvodnění',
  othersRegion: 'Ostatní štítky',
  othersHidden: 'Skryto, dokud dvojici neoznačíte (slepý režim).',
  othersNone: 'Žádné další štítky.',
  keysHelp: 'Klávesy: 1 / 2 / 3 štítek · j / k nebo šipky pohyb · u zpět · n poznámka',
  messages: {
    'need-annotator': 'Nejdřív zadejte své jméno anotátora: štítky se ukládají po anotátorech.',
    'reserved-annotator': '„reference“ (štítky, které přináší dataset) a „gold“ (rozhodnuté štítky) jsou vyhrazená jména; zvolte jiné.',
    'save-failed': 'Štítek se v tomto prohlížeči nepodařilo uložit (plné nebo nedostupné úložiště).',
    undone: 'Vráceno.',
    'nothing-to-undo': 'Není co vrátit.',
  },
  dismiss: 'Zavřít',
  agreement: 'Shoda',
  raterA: 'Hodnotitel A',
  raterB: 'Hodnotitel B',
  model: 'Model',
  raterName: (r) => r,
  chooseTwo: 'Zvolte dva různé hodnotitele.',
  pairsCompared: 'Dvojice označené oběma',
  percent: 'Procentní shoda',
  kappa: 'Cohenovo κ',
  kappaLinear: 'Vážené κ (lineární)',
  kappaQuadratic: 'Vážené κ (kvadratické)',
  balancedAccuracy: 'Vyvážená přesnost',
  balancedAccuracyHint: 'A vůči B jako pravdě, plně podloženo vs ostatní: průměr podílu párů podložených podle B, které A označí za podložené, a podílu ostatních párů B, které A za podložené neoznačí. Hodnotitel, který vše označí za podložené, dostane 0,5.',
  modelVsReference: 'Model proti referenci',
  confusion: (a, b) => `Matice záměn: řádky ${a}, sloupce ${b}`,
  short: { fully_supported: 'plně', partially_supported: 'částečně', not_supported: 'ne' },
  disagreements: (n) => `Neshody (${n})`,
  noDisagreements: 'Žádné neshody.',
  disagreement: (where, a, la, b, lb) => `${where}: ${a} ${la}, ${b} ${lb}`,
  where: (caseLabel, claim, chunk) => `${caseLabel} · tvrzení ${claim + 1} · úryvek ${chunk}`,
  pct,
  num,
  dataset: 'Dataset',
  openDataset: 'Otevřít soubor datasetu',
  openDatasetButton: 'Otevřít dataset (JSONL)…',
  datasetHint: 'Jeden případ na řádek (JSON Lines), seznam případů v JSON, nebo jeden případ. Případy s lidskými štítky (AttributionBench/HAGRID, ExpertQA, Liu a kol. 2023, CTKFacts) je přinesou jako anotátora „reference“.',
  datasetSummary: (name, n) => `${name}: ${pripadu(n)}`,
  unreadable: (n) => plural('cs', n, { one: '# řádek nelze přečíst', few: '# řádky nelze přečíst', other: '# řádků nelze přečíst' }),
  errorAt: (line, column, message) => `řádek ${line}, sloupec ${column}: ${message}`,
  closeDataset: 'Zavřít dataset',
  localRegion: 'Lokální kontroly',
  localProgress: 'Postup lokálních kontrol',
  localStatus: (s, done, total) =>
    s === 'parsing'
      ? 'Čtení souboru…'
      : s === 'running'
        ? `Kontrola… ${done} z ${zPripadu(total)}`
        : s === 'stopped'
          ? `Zastaveno po ${done} z ${zPripadu(total)}.`
          : s === 'done'
            ? `Lokální kontroly hotovy: ${pripadu(total)}.`
            : s === 'error'
              ? 'Lokální kontroly selhaly.'
              : 'Není otevřen žádný dataset.',
  throughput: (n, ms) => `${pripadu(n)} za ${secs(ms, 'cs')} s (${Math.round((n / Math.max(ms, 1)) * 1000)} případů/s, ve workeru)`,
  cancel: 'Zrušit',
  continueLocal: 'Pokračovat',
  rerunLocal: 'Spustit lokální kontroly znovu',
  modelRegionTitle: 'Audit všech případů modelem',
  keyRemembered: (masked) => `Klíč ${masked} zapamatovaný v tomto zařízení (Nastavení); používá ho i audit modelem v pracovní ploše.`,
  datasetKeyHint: 'Tentýž klíč jako v Nastavení: drží se jen v paměti této karty, pokud si ho tam nenecháte zapamatovat, a posílá se jen na Base URL.',
  keyInMemory: (masked) => `Klíč ${masked} v paměti této karty; používá ho i audit modelem v pracovní ploše.`,
  forgetKey: 'Zapomenout klíč',
  modelLine: (model, base, strict) => `${model} na ${base}${strict ? ' · přísný režim' : ''} (změna v Nastavení)`,
  concurrency: 'Souběžných požadavků',
  repeatLabel: 'Hodnotit každé tvrzení K krát',
  repeatHint: 'K nezávislých hodnocení každého tvrzení (1 až 10); sloupec Stabilita v tabulce říká, jak často se shodla. Dávky Message Batches nesou jedno hodnocení, nebo dvě v přísném režimu.',
  estimateRepeat: (k) => `Odhad počítá ${k} hodnocení každého tvrzení; všechna po prvním čtou případ z mezipaměti promptu.`,
  estimate: 'Odhadnout cenu',
  estimating: 'Počítání tokenů…',
  estimateText: (usd, count, counted, tokens) =>
    `${usd ? `≈ ${usd}` : 'Cena modelu není známa'} za ${pripadu(count)}: ≈ ${tokens.toLocaleString('cs')} vstupních tokenů (${counted} spočteno přesně, zbytek odhadnut podle velikosti; výstup odhadnut).`,
  estimateCache: (cached, total) =>
    `Instrukce jsou odeslány označené pro mezipaměť promptu: ≈ ${cached.toLocaleString('cs')} z ${total.toLocaleString('cs')} vstupních tokenů se čte z mezipaměti za desetinu ceny.`,
  runUsage: (plain, written, read, output, cost, uncached) =>
    `Vstupní tokeny: ${plain.toLocaleString('cs')} bez mezipaměti, ${written.toLocaleString('cs')} zapsáno do mezipaměti promptu, ${read.toLocaleString('cs')} z ní přečteno; výstup ${output.toLocaleString('cs')}.${cost ? ` Cena ${cost}${uncached && read > 0 ? ` (bez mezipaměti ${uncached})` : ''}.` : ''}`,
  runModel: (n) => `Spustit audit modelem (${pripadu(n)})`,
  resumeModel: (n) => `Pokračovat v auditu modelem (zbývá ${n})`,
  modelAllJudged: (n) => `Model posoudil ${plural('cs', n, { one: '# případ', few: 'všechny # případy', other: 'všech # případů' })}.`,
  modelProgress: 'Postup auditu modelem',
  modelStatus: (s, done, total, failed) => {
    const f = failed ? `, ${failed} selhalo (zopakují se při pokračování)` : '';
    switch (s) {
      case 'running':
        return `Posuzování… ${done} z ${zPripadu(total)}${f}`;
      case 'done':
        return `Audit modelem hotov: posouzeno ${done} z ${zPripadu(total)}${f}.`;
      case 'cancelled':
        return `Zrušeno po ${done} z ${zPripadu(total)}; ve zbytku lze pokračovat.`;
      case 'stopped':
        return `Zastaveno po ${done} z ${zPripadu(total)}.`;
      case 'estimating':
        return 'Počítání tokenů…';
      default:
        return '';
    }
  },
  modelJudged: (n, total) => `Model posoudil ${n} z ${zPripadu(total)}.`,
  batchOption: 'Spustit jako dávku (za poloviční cenu)',
  batchOptionHint: 'Odešle se jako jedna dávka Message Batches: za poloviční cenu, výsledky do 24 hodin (obvykle mnohem dřív). Po znovunačtení stránky se v ní pokračuje.',
  runBatch: (n) => `Odeslat ${pripadu(n)} jako dávku`,
  cancelBatch: 'Zrušit dávku',
  followBatch: 'Znovu sledovat dávku',
  estimateBatch: (usd) => `Jako dávka: ≈ ${usd} (poloviční cena).`,
  batchProgress: 'Postup dávky',
  batchStatus: (s, done, requests, bad, merged, failed, ids) => {
    const f = bad ? `, ${bad} s chybou, zrušeno nebo prošlo` : '';
    switch (s) {
      case 'creating':
        return 'Vytváření dávky…';
      case 'waiting':
        return `Dávka ${ids}: hotovo ${done} z ${requests} požadavků${f}. Kontroluje se znovu s rostoucími přestávkami; po znovunačtení se pokračuje.`;
      case 'cancelling':
        return `Rušení dávky ${ids}; dosud hotové případy zůstávají.`;
      case 'merging':
        return `Dávka skončila: slučování výsledků (zatím ${pripadu(merged + failed)})…`;
      case 'done':
        return `Dávka hotova: posouzeno ${pripadu(merged)}${failed ? `, ${failed} selhalo (spusťte znovu, aby byly posouzeny)` : ''}.`;
      default:
        return '';
    }
  },
  batchUsage: (requests, input, read, cost, interactive) =>
    `Dávka: požadavků ${requests}, vstupních tokenů ${input.toLocaleString('cs')} (${read.toLocaleString('cs')} přečteno z mezipaměti promptu)${cost ? `, cena ${cost} za dávkovou cenu${interactive ? ` (${interactive} interaktivně)` : ''}` : ''}.`,
  batchRefused: 'API odmítlo dávkové požadavky z tohoto prohlížeče. Spusťte stejnou dávku z terminálu s nastaveným ANTHROPIC_API_KEY:',
  batchNeedsKey: 'Dávka této datové sady právě běží: zadejte API klíč, aby se v jejím sledování pokračovalo.',
  needKey: 'Pro běh modelu nad datasetem zadejte API klíč.',
  otherTab: 'Model nad tímto datasetem už běží v jiné kartě tohoto prohlížeče. Nechte ho doběhnout (nebo ho tam zrušte), pak tuto stránku načtěte znovu a pokračujte zde.',
  datasetGone: 'Běh se zastavil: tento dataset byl v jiné kartě nahrazen nebo zavřen, zbývající případy nešlo načíst. Stáhněte, co je zde vidět, nebo stránku načtěte znovu.',
  needAudit: 'Nejdřív musí doběhnout lokální kontroly.',
  replaceTitle: (closing) => (closing ? 'Zavřít dataset?' : 'Otevřít jiný dataset?'),
  replaceBody: (name, judged, running) =>
    `„${name}“ obsahuje případy posouzené modelem: ${judged}${running ? ' a běh modelu ještě probíhá (bude zrušen)' : ''}. Bez stažení výsledků se ztratí. Vaše štítky zůstanou.`,
  replaceDownload: 'Stáhnout výsledky (JSONL)',
  replaceConfirm: (closing) => (closing ? 'Zavřít' : 'Nahradit'),
  replaceKeep: 'Ponechat',
  metrics: 'Metriky',
  metricsHint: 'Průměry přes případy, které dané skóre mají (makro průměr jako v ALCE); histogramy po desetinách.',
  verdicts: 'Verdikty',
  verdictNames: { PASS: 'PASS', FAIL: 'FAIL', INCOMPLETE: 'INCOMPLETE' },
  dimensionNames: { exists: 'Existence', accurate: 'Přesnost', complete: 'Úplnost', formatted: 'Formát' },
  statusNames: { PASS: 'prošlo', FAIL: 'selhalo', NOT_CHECKED: 'nekontrolováno' },
  scoreNames: {
    citation_recall: 'Úplnost citací (ALCE recall)',
    citation_precision: 'Přesnost citací (ALCE precision)',
    support_weighted_precision: 'Přesnost vážená podporou',
    mean_support: 'Průměrná podpora',
    interpretability: 'Interpretovatelnost',
    correctness: 'Správnost',
    overall_score: 'Celkové skóre',
    citation_coverage: 'Pokrytí citacemi',
    citation_existence: 'Existence citací',
    source_verification: 'Ověření zdroje',
  },
  stabilityName: 'Stabilita (opakované hodnocení)',
  scoreMean: (mean, n) => `průměr ${mean} z ${zPripadu(n)}`,
  scoreNone: 'zatím žádný případ',
  histogram: (name) => `Rozložení: ${name}`,
  results: 'Výsledky',
  filterText: 'Filtrovat případy',
  filterPlaceholder: 'id nebo slova dotazu',
  filterVerdict: 'Verdikt',
  filterFailing: 'Selhávající dimenze',
  any: 'jakýkoli',
  rowsShown: (n, total) => `${n} z ${zPripadu(total)}`,
  columns: { index: '#', case_id: 'Případ', verdict: 'Verdikt', claims: 'Tvrzení', citations: 'Citace', errors: 'Chyby', checked: 'Kým' },
  sortBy: (col) => `Řadit podle: ${col}`,
  openCase: (id) => `Otevřít případ ${id} v pracovišti`,
  checkedBy: { local: 'lokálně', model: 'model' },
  pagePrev: 'Předchozí stránka',
  pageNext: 'Další stránka',
  page: (p, n) => `Stránka ${p} z ${n}`,
  downloadJsonl: 'Stáhnout výsledky (JSONL)',
  downloadCsv: 'Stáhnout výsledky (CSV)',
  caseFailed: (msg) => `Nelze auditovat: ${msg}`,
  baselineTitle: 'Porovnat s dřívějším během',
  baselineLoad: 'Načíst výchozí výsledky…',
  baselineFile: 'Soubor výchozích výsledků',
  baselineHint: 'Dřívější soubor výsledků: stažený JSONL z tohoto pohledu nebo řádky --format json z CLI.',
  baselineClear: 'Odebrat výchozí výsledky',
  baselineLoaded: (name) => `Výchozí: ${name}`,
  baselineSkipped: (n) => `vynecháno nečitelných řádků: ${n}`,
  baselineEmpty: 'Soubor neobsahuje žádné výsledky.',
  baselineReading: (name) => `Načítá se ${name}…`,
  baselineFailed: (msg) => `Soubor nelze přečíst: ${msg}`,
  baselineUnreadable: (line, msg) => `Řádek ${line}: ${msg}`,
  baselineCounts: (r, i, m, u, other) =>
    `zhoršeno ${r} · zlepšeno ${i}${m ? ` · nově změřeno ${m}` : ''} · beze změny ${u}${other ? ` · jiné (změněno, přidáno, odebráno) ${other}` : ''}`,
  baselineFilter: 'Zobrazit',
  baselineFilters: { all: 'všechny případy', regressed: 'zhoršené', improved: 'zlepšené', newly_measured: 'nově změřené', unchanged: 'beze změny' },
  baselineKinds: { regressed: 'zhoršeno', improved: 'zlepšeno', newly_measured: 'nově změřeno', changed: 'změněno', unchanged: 'beze změny', added: 'přidáno', removed: 'odebráno' },
  baselineCaseCol: 'Případ',
  baselineChangeCol: 'Změna',
  baselineVerdictCol: 'Verdikt',
  baselineShowCase: (name) => `Zobrazit před a po u ${name}`,
  baselineBefore: 'Před (výchozí)',
  baselineAfter: 'Po (současné)',
  baselineNone: 'V této skupině není žádný případ.',
  baselineOpenCurrent: 'Otevřít současný případ v pracovišti',
  baselineFindingsAppeared: 'Nově objevená zjištění',
  baselineFindingsGone: 'Zmizelá zjištění',
};

export const ANNOTATE_STRINGS: Catalogue<AnnotateMessages> = { en, cs };
