// The words of annotation as a team, English and Czech: importing teammates' labels, the team's
// agreement, blind mode's notice and resolving disagreements into gold.
import type { ResolveMessage } from '../../state/annotation/app';
import type { Catalogue } from '../i18n';
import { plural } from '../../core/report/plural';

type How = 'unanimous' | 'majority' | 'by_hand';

const en = {
  // Import
  importLabels: 'Import labels',
  importHint: 'Label files of teammates: the view’s JSONL or CSV downloads, history backups, files of the command line. Several at once, or drop them on this view.',
  importReading: (n: number) => `Reading ${plural('en', n, { one: '# file', other: '# files' })}…`,
  importReport: 'Import',
  importSummary: (r: { added: number; replaced: number; same: number; matched: number; unmatched: number; raters: string[] }) =>
    `${plural('en', r.added, { one: '# label added', other: '# labels added' })}, ${r.replaced} replaced by newer ones, ${r.same} already here; ` +
    `${plural('en', r.matched, { one: '# pair', other: '# pairs' })} of this dataset matched; ${r.unmatched} not in this dataset (not imported). Raters: ${r.raters.join(', ') || '—'}.`,
  importDuplicates: (n: number) => `${plural('en', n, { one: '# label', other: '# labels' })} appeared more than once; the newest was kept.`,
  importProblem: (file: string, where: string, msg: string) => `${file}${where ? `, ${where}` : ''}: ${msg}`,
  importNothing: 'Nothing to import: no labels were found in these files.',
  importNoPairs: 'Open the dataset the labels belong to first: there are no pairs to match them to.',
  undoImport: 'Undo this import',
  importUndone: 'The import was taken back.',
  clashTitle: 'Names already used here',
  clashIntro: 'These annotator names in the files are also names already used here. Are they the same person?',
  clashSame: (name: string) => `${name} is the same person (newer labels replace older ones)`,
  clashRename: (name: string) => `Import ${name}’s labels under the name`,
  clashImport: 'Import',
  clashCancel: 'Cancel',
  dismiss: 'Dismiss',
  line: (n: number) => `line ${n}`,

  // Blind mode
  blindHidden: (left: number) =>
    `Hidden in blind mode: the others’ labels and the model’s verdicts stay hidden until you have labelled every pair (${plural('en', left, { one: '# pair', other: '# pairs' })} left).`,

  // Team agreement
  team: 'Team agreement',
  includeModel: 'Count the model as a rater',
  includeReference: 'Count the reference as a rater',
  needTwo: 'Labels of two raters are needed.',
  alpha: 'Krippendorff’s α (nominal)',
  alphaOrdinal: 'Krippendorff’s α (ordinal)',
  items: 'Pairs labelled',
  pairable: 'Pairs with two or more labels',
  heatmap: 'Cohen’s κ for each two raters',
  heatCell: (a: string, b: string, k: string, n: number) => `${a} and ${b}: κ ${k} over ${plural('en', n, { one: '# pair', other: '# pairs' })}`,
  perRater: 'Per rater',
  rater: 'Rater',
  labelled: 'Labelled',
  withOthers: 'Agreement with the others',
  meanKappa: 'Mean κ',
  filterBy: 'Disagreements of',
  filterAll: 'every rater',
  teamDisagreements: (n: number) => `Pairs where raters differ (${n})`,
  votes: (labels: [string, string][]) => labels.map(([r, l]) => `${r} ${l}`).join(', '),

  // Resolve
  resolve: 'Resolve disagreements',
  resolveStop: 'Stop resolving',
  resolveRegion: 'Resolving disagreements',
  resolveCounts: (c: { disagreements: number; open: number; ties: number; gold: number; single: number }) =>
    `${c.open} of ${c.disagreements} disagreements open (${c.ties} ties) · ${plural('en', c.gold, { one: '# pair', other: '# pairs' })} in gold · ${c.single} labelled by one rater only`,
  settleMajority: 'Settle by majority',
  settleMajorityHint: 'Every open disagreement with a strict majority takes the majority’s label; ties stay for you.',
  settled: (n: number) => `${plural('en', n, { one: '# pair', other: '# pairs' })} settled by majority.`,
  everyLabel: 'Every rater’s label',
  notDisagreement: 'The raters agree on this pair (or only one labelled it). j / k move between disagreements.',
  gold: (label: string, by: string, how: string) => `Gold: ${label} (${how}, by ${by})`,
  noGold: 'Not settled yet.',
  how: { unanimous: 'unanimous', majority: 'majority', by_hand: 'by hand' } satisfies Record<How, string>,
  pickGroup: 'Final label',
  reason: 'Reason (optional, kept with the gold label)',
  resolveKeys: 'Keys: 1 / 2 / 3 pick the final label · j / k move between disagreements · u undo · n reason',
  messages: {
    'need-annotator': 'Enter your name as annotator first: gold labels say who settled them.',
    'hidden-blind': 'Turn blind mode off, or label every pair first: resolving shows everyone’s labels.',
    undone: 'Undone.',
    'nothing-to-undo': 'Nothing to undo.',
    'save-failed': 'Gold labels could not be saved in this browser (storage full or unavailable).',
    'all-settled': 'Every disagreement is settled.',
  } satisfies Record<ResolveMessage, string>,
  modelVsGold: 'Model vs gold',
};

export type TeamMessages = typeof en;

const cs: TeamMessages = {
  importLabels: 'Importovat štítky',
  importHint: 'Soubory štítků kolegů: stažené JSONL nebo CSV z tohoto pohledu, zálohy historie, soubory z příkazové řádky. Několik najednou, nebo je sem přetáhněte.',
  importReading: (n) => `Načítá se ${plural('cs', n, { one: '# soubor', few: '# soubory', other: '# souborů' })}…`,
  importReport: 'Import',
  importSummary: (r) =>
    `přidáno štítků: ${r.added}, nahrazeno novějšími: ${r.replaced}, už zde: ${r.same}; ` +
    `přiřazeno dvojic tohoto datasetu: ${r.matched}; mimo tento dataset (neimportováno): ${r.unmatched}. Hodnotitelé: ${r.raters.join(', ') || '—'}.`,
  importDuplicates: (n) => `Štítků vícekrát: ${n}; ponechán nejnovější.`,
  importProblem: (file, where, msg) => `${file}${where ? `, ${where}` : ''}: ${msg}`,
  importNothing: 'Není co importovat: v souborech nejsou žádné štítky.',
  importNoPairs: 'Nejdřív otevřete dataset, ke kterému štítky patří: nejsou dvojice, ke kterým je přiřadit.',
  undoImport: 'Vrátit tento import',
  importUndone: 'Import byl vrácen.',
  clashTitle: 'Jména, která už zde jsou',
  clashIntro: 'Tato jména anotátorů ze souborů se už zde používají. Jde o tutéž osobu?',
  clashSame: (name) => `${name} je tatáž osoba (novější štítky nahradí starší)`,
  clashRename: (name) => `Importovat štítky ${name} pod jménem`,
  clashImport: 'Importovat',
  clashCancel: 'Zrušit',
  dismiss: 'Zavřít',
  line: (n) => `řádek ${n}`,

  blindHidden: (left) =>
    `Skryto ve slepém režimu: štítky ostatních a verdikty modelu zůstanou skryté, dokud neoznačíte všechny dvojice (zbývá ${plural('cs', left, { one: '# dvojice', few: '# dvojice', other: '# dvojic' })}).`,

  team: 'Shoda týmu',
  includeModel: 'Počítat model jako hodnotitele',
  includeReference: 'Počítat referenci jako hodnotitele',
  needTwo: 'Jsou potřeba štítky dvou hodnotitelů.',
  alpha: 'Krippendorffova α (nominální)',
  alphaOrdinal: 'Krippendorffova α (ordinální)',
  items: 'Označené dvojice',
  pairable: 'Dvojice se dvěma a více štítky',
  heatmap: 'Cohenovo κ pro každé dva hodnotitele',
  heatCell: (a, b, k, n) => `${a} a ${b}: κ ${k} na ${plural('cs', n, { one: '# dvojici', few: '# dvojicích', other: '# dvojicích' })}`,
  perRater: 'Podle hodnotitele',
  rater: 'Hodnotitel',
  labelled: 'Označeno',
  withOthers: 'Shoda s ostatními',
  meanKappa: 'Průměrné κ',
  filterBy: 'Neshody hodnotitele',
  filterAll: 'všech hodnotitelů',
  teamDisagreements: (n) => `Dvojice, kde se hodnotitelé liší (${n})`,
  votes: (labels) => labels.map(([r, l]) => `${r} ${l}`).join(', '),

  resolve: 'Rozhodnout neshody',
  resolveStop: 'Ukončit rozhodování',
  resolveRegion: 'Rozhodování neshod',
  resolveCounts: (c) => `otevřeno ${c.open} z ${c.disagreements} neshod (nerozhodně ${c.ties}) · ve zlatém standardu ${c.gold} · jen od jednoho hodnotitele ${c.single}`,
  settleMajority: 'Rozhodnout většinou',
  settleMajorityHint: 'Každá otevřená neshoda s nadpoloviční většinou dostane štítek většiny; nerozhodné zůstanou na vás.',
  settled: (n) => `Většinou rozhodnuto dvojic: ${n}.`,
  everyLabel: 'Štítky všech hodnotitelů',
  notDisagreement: 'Hodnotitelé se u této dvojice shodují (nebo ji označil jen jeden). Mezi neshodami se pohybujete klávesami j / k.',
  gold: (label, by, how) => `Zlatý standard: ${label} (${how}, rozhodl/a ${by})`,
  noGold: 'Zatím nerozhodnuto.',
  how: { unanimous: 'jednomyslně', majority: 'většinou', by_hand: 'ručně' },
  pickGroup: 'Konečný štítek',
  reason: 'Důvod (nepovinný, uloží se se štítkem)',
  resolveKeys: 'Klávesy: 1 / 2 / 3 zvolí konečný štítek · j / k mezi neshodami · u vrátit · n důvod',
  messages: {
    'need-annotator': 'Nejdřív zadejte své jméno anotátora: zlaté štítky uvádějí, kdo je rozhodl.',
    'hidden-blind': 'Vypněte slepý režim, nebo nejdřív označte všechny dvojice: rozhodování ukazuje štítky všech.',
    undone: 'Vráceno.',
    'nothing-to-undo': 'Není co vrátit.',
    'save-failed': 'Zlaté štítky se v tomto prohlížeči nepodařilo uložit (plné nebo nedostupné úložiště).',
    'all-settled': 'Všechny neshody jsou rozhodnuté.',
  },
  modelVsGold: 'Model proti zlatému standardu',
};

export const TEAM_STRINGS: Catalogue<TeamMessages> = { en, cs };
