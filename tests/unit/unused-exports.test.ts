// Every export of production code in src/ must be imported by name by another production file of
// src/ (cli/ only loads the built bundle, bench/ and tests don't count), unless it is an entry point
// (main.ts, cli.ts, lib/index.ts, the workers), a component's default export, used within its own
// file (then it is only over-exported, not dead), or tagged `/** @testSeam … */` because only tests reach it.
// `import * as ns`, `typeof import('…')` and dynamic `import()` count as using every name, and
// `export … from` as using what it re-exports. Reads files with the TypeScript parser via
// importGraph.ts, the same reader as layers.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveRelative, sourceFiles, svelteScripts } from './importGraph';

const SRC = path.resolve(__dirname, '../../src');

interface Export {
  name: string;
  testSeam: boolean;
  usedInFile: boolean;
}

const isTest = (file: string): boolean => /\.(test|fixtures?)\.ts$/.test(file);
const isEntry = (rel: string): boolean => rel === 'main.ts' || rel === 'cli.ts' || rel === 'lib/index.ts' || /^state\/(?:[^/]+\/)?[^/]+\.worker\.ts$/.test(rel);

/** The names a module exports itself (re-exports are the other module's), with their tags. */
function exportsOf(code: string, fileName = 'x.ts'): Export[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const declared: { name: string; node: ts.Node; decl: ts.Node | undefined }[] = [];
  const exported = (n: ts.Node): boolean => ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const e of st.exportClause.elements) declared.push({ name: e.name.text, node: e, decl: undefined });
    } else if (ts.isExportAssignment(st)) {
      declared.push({ name: 'default', node: st, decl: undefined });
    } else if (exported(st) && ts.canHaveModifiers(st)) {
      const isDefault = ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.push({ name: d.name.text, node: st, decl: d.name });
      } else if (isDefault) {
        declared.push({ name: 'default', node: st, decl: undefined });
      } else if ('name' in st && st.name && ts.isIdentifier(st.name as ts.Node)) {
        const id = st.name as ts.Identifier;
        declared.push({ name: id.text, node: st, decl: id });
      }
    }
  }
  // Identifiers of the file other than the declarations' own names: a use within the file.
  const uses = new Map<string, number>();
  const decls = new Set(declared.map((d) => d.decl).filter(Boolean));
  const visit = (n: ts.Node): void => {
    const p = n.parent;
    const propertyName = p && (ts.isPropertyAccessExpression(p) || ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === n;
    if (ts.isIdentifier(n) && !decls.has(n) && !propertyName && !(ts.isExportSpecifier(p) && p.name === n && !p.propertyName)) {
      uses.set(n.text, (uses.get(n.text) ?? 0) + 1);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return declared.map(({ name, node }) => ({
    name,
    testSeam: ts.getJSDocTags(node).some((t) => t.tagName.text === 'testSeam') || /@testSeam\b/.test(leadingComments(code, node)),
    usedInFile: (uses.get(name) ?? 0) > (ts.isExportSpecifier(node) ? 1 : 0),
  }));
}

function leadingComments(code: string, node: ts.Node): string {
  const target = ts.isExportSpecifier(node) ? node.parent.parent : node;
  return (ts.getLeadingCommentRanges(code, target.getFullStart()) ?? []).map((r) => code.slice(r.pos, r.end)).join('\n');
}

/** `file: name` for every export nobody imports, given files as path → source text. */
function unusedExports(files: ReadonlyMap<string, string>, root: string, resolve = resolveRelative): string[] {
  const used = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const code = file.endsWith('.svelte') ? svelteScripts(text) : text;
    for (const imp of importsOf(code, file)) {
      const to = resolve(file, imp.specifier);
      if (!to || to === file) continue;
      if (!used.has(to)) used.set(to, new Set());
      for (const n of imp.allNames) used.get(to)!.add(n);
    }
  }
  const out: string[] = [];
  for (const [file, text] of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (isEntry(rel)) continue;
    const svelte = file.endsWith('.svelte');
    const names = used.get(file) ?? new Set<string>();
    for (const e of exportsOf(svelte ? svelteScripts(text) : text, file)) {
      if (svelte && e.name === 'default') continue;
      if (e.testSeam || e.usedInFile || names.has('*') || names.has(e.name)) continue;
      out.push(`${rel}: ${e.name}`);
    }
  }
  return out.sort();
}

describe('unused exports', () => {
  it('every export of src/ is used by the app, or tagged @testSeam', () => {
    const files = new Map(sourceFiles(SRC).filter((f) => !isTest(f)).map((f) => [f, readFileSync(f, 'utf8')] as const));
    expect(files.size).toBeGreaterThan(50);
    expect(unusedExports(files, SRC)).toEqual([]);
  });

  // Exports only tests reach: 26, then 15, then 4, then 3, then 1, now none. A new one is named
  // here with why it stays, and needs a reason stronger than a test's convenience: test through
  // the module's entry, or give the code a module of its own with its own test.
  const TEST_SEAMS: Record<string, string> = {};
  const MAX_TEST_SEAMS = Object.keys(TEST_SEAMS).length;
  it(`only the ${MAX_TEST_SEAMS} listed exports are tagged @testSeam`, () => {
    const seams = sourceFiles(SRC)
      .filter((f) => !isTest(f))
      .flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        return exportsOf(f.endsWith('.svelte') ? svelteScripts(text) : text, f)
          .filter((e) => e.testSeam)
          .map((e) => `${path.relative(SRC, f).split(path.sep).join('/')}: ${e.name}`);
      });
    expect(seams.sort()).toEqual(Object.keys(TEST_SEAMS).sort());
  });

  it('flags a planted unused export and accepts the ways an export is used', () => {
    const root = '/fx';
    const files = new Map<string, string>([
      ['/fx/a.ts', [
        'export function used() {}',
        'export function planted() {}',
        'export type UsedType = number;',
        'export interface DeadType { x: 1 }',
        'export const onlyAProperty = 1;',
        'const o = { onlyAProperty: 1 }; o.onlyAProperty;',
        'export function selfUsed() {}',
        'selfUsed();',
        '/** @testSeam only tests import this. */',
        'export function seam() {}',
        'export { reexported } from "./c";',
        'function local() {}',
        'export { local as renamed };',
      ].join('\n')],
      ['/fx/b.ts', [
        'import { used, type UsedType } from "./a";',
        'import type { T } from "./d";',
        'export { renamed } from "./a";',
        'export const x: UsedType = used() as never;',
        'export const y: T = 1;',
        'export default 3;',
      ].join('\n')],
      ['/fx/c.ts', 'export const reexported = 1;\nexport const notReexported = 2;'],
      ['/fx/d.ts', 'import * as ns from "./e";\nexport type T = number;\nexport type Q = typeof import("./f");'],
      ['/fx/e.ts', 'export const anything = 1;'],
      ['/fx/f.ts', 'export const all = 1;'],
      ['/fx/main.ts', 'export const entry = 1;'],
      ['/fx/g.ts', 'import { reexported } from "./b";\nexport type Deep = import("./a").UsedType;'],
    ]);
    const resolve = (from: string, spec: string): string => path.resolve(path.dirname(from), spec) + '.ts';
    expect(unusedExports(files, root, resolve)).toEqual([
      'a.ts: DeadType',
      'a.ts: onlyAProperty',
      'a.ts: planted',
      'b.ts: default',
      'b.ts: x',
      'b.ts: y',
      'c.ts: notReexported',
      'd.ts: Q',
      'g.ts: Deep',
    ]);
  });
});
