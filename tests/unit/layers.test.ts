// The layers of src/ (docs/architecture.md): ui → state → {model, store, share} → core, core pure. Every
// relative import between files of different layers must be allowed by RULES below, and no set of
// files may import each other in a circle (type-only imports count: they couple the files too).
// A new edge means a new row here with its reason, or a move that makes it unnecessary.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, importsOf, sourceFiles, svelteScripts, type Edge } from './importGraph';

/**
 * A layer is the first folder under src/ ('core', 'ui', …), or the entry file itself ('main.ts',
 * 'cli.ts'); files outside src/ are named by their first folder ('../prompts' → 'prompts').
 * `to` is a layer, one file (path under src/), or files by a pattern in which `*` stands for one
 * folder's name (the ui rule's entries of state). 'value' allows values and types; 'type' only
 * imports that are erased at build (`import type`, `import { type X }`). `names` narrows a value
 * rule to those bindings.
 */
interface Rule {
  from: string;
  to: string;
  kind: 'value' | 'type';
  names?: string[];
  why: string;
}

const RULES: Rule[] = [
  // Entries: the page and the command line compose the layers.
  { from: 'main.ts', to: 'ui', kind: 'value', why: 'mounts the shell' },
  { from: 'main.ts', to: 'state', kind: 'value', why: 'restores the workbench before mounting' },
  { from: 'main.ts', to: 'model', kind: 'value', names: ['activeSettings', 'apiOrigin', 'connectPolicy', 'loadModelSettings'], why: 'the connect policy for the saved Base URL (of the chosen provider), before anything connects' },
  { from: 'main.ts', to: 'platform', kind: 'value', why: 'writes the policy element and reads localStorage at start-up' },
  { from: 'cli.ts', to: 'core', kind: 'value', why: 'the command line runs the local audit' },
  { from: 'cli.ts', to: 'cli', kind: 'value', why: 'its subcommands (diff, calibrate) and the progress line' },
  { from: 'cli', to: 'core', kind: 'value', why: 'the subcommands compute with the pure core' },
  { from: 'cli', to: 'model', kind: 'value', why: 'the audit run’s model step, with Node’s fetch (model/node.ts), and calibrate' },
  { from: 'cli', to: 'store/labels.ts', kind: 'value', names: ['caseKeyOf'], why: 'labels exported by the Annotate view are matched to cases by the same key' },
  // The library (src/lib, the package's import): Node code over core and model, like the CLI.
  { from: 'lib', to: 'core', kind: 'value', why: 'the audit, the case readers and the report writers it exposes' },
  { from: 'lib', to: 'model', kind: 'value', why: 'judgeCase runs the model audit with Node’s fetch (model/node.ts)' },
  { from: 'lib', to: 'cli/modelFailure.ts', kind: 'value', why: 'a failed judgement is stated in the report as the CLI states it' },

  // Each feature of state has one entry, its app.ts: a component that needs more asks the entry to export it.
  { from: 'ui', to: 'state/*/app.ts', kind: 'value', why: 'components read and drive the state classes, through each feature’s entry' },
  // Types erase at build: a component may name the shape it renders without reaching the code.
  { from: 'ui', to: 'core', kind: 'type', why: 'report, verdict and dataset row types the views render' },
  { from: 'ui', to: 'model', kind: 'type', why: 'run progress and estimate shapes the run bar words' },
  { from: 'ui', to: 'share', kind: 'type', why: 'the share error kinds the dialog words' },
  { from: 'ui', to: 'store', kind: 'type', why: 'the history row the list renders' },
  { from: 'ui', to: 'examples', kind: 'type', why: 'the example menu entries' },
  // Constants that only say what to draw, from pure modules.
  { from: 'ui', to: 'core/eval/labels.ts', kind: 'value', names: ['MODEL_RATER', 'REFERENCE_ANNOTATOR', 'SUPPORT_VERDICTS', 'splitPairKey'], why: 'the label columns and the model rater’s name in the agreement table' },
  { from: 'ui', to: 'core/eval/dataset.ts', kind: 'value', names: ['DATASET_DIMENSIONS', 'HISTOGRAM_BINS', 'SCORE_KEYS'], why: 'the dataset table’s columns and the histogram bins' },
  { from: 'ui', to: 'share/constants.ts', kind: 'value', names: ['LINK_MAX_CHARS'], why: 'the link limit the share dialog states' },
  { from: 'ui', to: 'core/report/format.ts', kind: 'value', names: ['formatUSD'], why: 'amounts worded the same in the page and the CLI' },
  { from: 'ui', to: 'core/report/catalogue/format.ts', kind: 'value', names: ['STYLE_EXAMPLE'], why: 'a quick fix names the marker it writes as the report’s recommendation does' },
  { from: 'ui', to: 'core/report/catalogue/ruleNames.ts', kind: 'value', names: ['RULE_NAMES', 'ruleName'], why: 'the claim list names exemption rules as the core’s findings do' },
  { from: 'ui', to: 'core/report/plural.ts', kind: 'value', names: ['plural'], why: 'the UI catalogues word counts by the same plural rules as the core' },

  { from: 'state', to: 'model', kind: 'value', why: 'model runs' },
  { from: 'state', to: 'store', kind: 'value', why: 'history, datasets, labels' },
  { from: 'state', to: 'share', kind: 'value', why: 'share links' },
  { from: 'state', to: 'core', kind: 'value', why: 'the local audit' },
  { from: 'state', to: 'examples', kind: 'value', why: 'the built-in examples' },
  { from: 'state', to: 'platform', kind: 'value', why: 'localStorage and the installed connect policy' },

  { from: 'model', to: 'core', kind: 'value', why: 'merges model results into the report' },
  { from: 'model', to: 'platform', kind: 'type', why: 'settings are read from whatever key-value store the caller passes' },
  { from: 'model', to: 'prompts', kind: 'value', why: 'the prompt texts, bundled with ?raw' },
  { from: 'store', to: 'core', kind: 'value', why: 'restores cases and reports read back from IndexedDB' },
  { from: 'share', to: 'core', kind: 'value', why: 'restores cases and core shapes read from a link' },
  { from: 'examples', to: 'core', kind: 'value', why: 'examples are audit cases' },
  // core and platform import nothing outside themselves.
];

const SRC = path.resolve(import.meta.dirname, '../../src');

function layerOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep).join('/');
  if (rel.startsWith('../')) return rel.split('/')[1]!;
  return rel.includes('/') ? rel.split('/')[0]! : rel;
}

const relPath = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** Whether a rule's `to` names this layer or file. */
function reaches(ruleTo: string, layer: string, target: string): boolean {
  if (!ruleTo.includes('*')) return ruleTo === layer || ruleTo === target;
  const re = new RegExp(`^${ruleTo.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
  return re.test(target);
}

/** Why an edge is refused, or null when a rule allows it. */
function violation(e: Edge, rules: readonly Rule[]): string | null {
  const from = layerOf(e.from);
  const to = layerOf(e.to);
  if (from === to) return null;
  const target = relPath(e.to);
  const applicable = rules.filter((r) => r.from === from && reaches(r.to, to, target));
  if (e.kind === 'type' && applicable.length > 0) return null;
  const valueRules = applicable.filter((r) => r.kind === 'value');
  if (valueRules.some((r) => !r.names || e.names.every((n) => r.names!.includes(n)))) return null;
  const what = e.kind === 'type' ? 'types' : `values ${e.names.join(', ')}`;
  return `${relPath(e.from)} → ${target} (${from} → ${to}, ${what})`;
}

function srcFiles(): string[] {
  // Tests and their fixtures (as unused-exports.test.ts counts them) may reach across layers to
  // set things up; the rules are about what ships.
  return sourceFiles(SRC).filter((f) => !/\.(test|fixtures?)\.ts$/.test(f));
}

describe('the import graph reader', () => {
  it('tells type-only imports from value imports, in every syntax', () => {
    const code = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { type D, e } from './d';",
      "import f from './f';",
      "import * as g from './g';",
      "import './h.css';",
      "export { i } from './i';",
      "export type { J } from './j';",
      "export * from './k';",
      "const l = await import('./l');",
      "let m: import('./m').M;",
      "import n from './n?worker';",
      "import o from '../../prompts/o.md?raw';",
      "import {} from './p';",
    ].join('\n');
    expect(importsOf(code).map((i) => `${i.specifier} ${i.kind} ${i.names.join(',')}`)).toEqual([
      './a type ',
      './b type ',
      './d value e',
      './f value *',
      './g value *',
      './h.css value *',
      './i value i',
      './j type ',
      './k value *',
      './l value *',
      './m type ',
      './n?worker value *',
      '../../prompts/o.md?raw value *',
      './p value *',
    ]);
  });

  it('reads every <script> block of a Svelte component and skips the markup', () => {
    const svelte = `<script module>import { a } from './a';</script>\n<script lang="ts">\n  import type { B } from './b';\n</script>\n<p>import { c } from './c';</p>`;
    expect(importsOf(svelteScripts(svelte)).map((i) => i.specifier)).toEqual(['./a', './b']);
  });

  it('finds circles, including one closed by a type-only import, and nothing in a chain', () => {
    const e = (from: string, to: string, kind: 'value' | 'type' = 'value'): Edge => ({ from, to, kind, names: [] });
    expect(cycles([e('a', 'b'), e('b', 'c'), e('c', 'a', 'type'), e('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(cycles([e('a', 'b'), e('b', 'c'), e('a', 'c')])).toEqual([]);
    expect(cycles([e('a', 'a')])).toEqual([['a']]);
  });

  it('refuses upward, sideways and over-broad edges that the rules do not name', () => {
    const f = (rel: string) => path.join(SRC, rel);
    const edge = (from: string, to: string, kind: 'value' | 'type', names: string[] = ['x']): Edge => ({ from: f(from), to: f(to), kind, names: kind === 'type' ? [] : names });
    // Allowed: downward, type-only where a type rule exists, a named constant.
    expect(violation(edge('ui/A.svelte', 'state/workbench/app.ts', 'value'), RULES)).toBeNull();
    expect(violation(edge('ui/A.svelte', 'core/types.ts', 'type'), RULES)).toBeNull();
    expect(violation(edge('ui/A.svelte', 'core/eval/labels.ts', 'value', ['SUPPORT_VERDICTS']), RULES)).toBeNull();
    // Refused: upward, sideways, values where only types may cross, a name the rule does not list.
    expect(violation(edge('core/claims.ts', 'state/workbench/app.ts', 'value'), RULES)).not.toBeNull();
    expect(violation(edge('core/claims.ts', 'store/db.ts', 'type'), RULES)).not.toBeNull();
    expect(violation(edge('share/envelope.ts', 'store/schemas.ts', 'value'), RULES)).not.toBeNull();
    expect(violation(edge('ui/A.svelte', 'core/audit.ts', 'value'), RULES)).not.toBeNull();
    expect(violation(edge('ui/A.svelte', 'core/eval/labels.ts', 'value', ['SUPPORT_VERDICTS', 'mergeLabels']), RULES)).not.toBeNull();
    expect(violation(edge('model/run.ts', 'platform/storage.ts', 'value'), RULES)).not.toBeNull();
    // The UI reaches state only through a feature's entry, types included.
    expect(violation(edge('ui/A.svelte', 'state/dataset/app.ts', 'value'), RULES)).toBeNull();
    expect(violation(edge('ui/A.svelte', 'state/workbench/reportView.ts', 'value'), RULES)).not.toBeNull();
    expect(violation(edge('ui/A.svelte', 'state/workbench/reportView.ts', 'type'), RULES)).not.toBeNull();
    expect(violation(edge('ui/A.svelte', 'state/lazy.ts', 'value'), RULES)).not.toBeNull();
    expect(violation(edge('ui/A.svelte', 'state/workbench/nested/app.ts', 'value'), RULES)).not.toBeNull();
  });
});

describe('the layers of src/', () => {
  const edges = importGraph(srcFiles());

  it('reads a graph of the expected size (the reader did not silently skip files)', () => {
    expect(srcFiles().length).toBeGreaterThan(150);
    expect(edges.length).toBeGreaterThan(400);
    // Svelte components' imports are read too.
    expect(edges.some((e) => e.from.endsWith('.svelte') && layerOf(e.to) === 'state')).toBe(true);
  });

  it('has no import outside the allowed-edges table', () => {
    expect(edges.map((e) => violation(e, RULES)).filter((v) => v !== null)).toEqual([]);
  });

  it('has no circular imports', () => {
    expect(cycles(edges).map((c) => c.map(relPath))).toEqual([]);
  });

  it('keeps every rule in use (a rule nothing needs any more is removed)', () => {
    const used = RULES.filter((r) => edges.some((e) => layerOf(e.from) === r.from && reaches(r.to, layerOf(e.to), relPath(e.to))));
    expect(RULES.filter((r) => !used.includes(r)).map((r) => `${r.from} → ${r.to}`)).toEqual([]);
  });
});
