// The relative-import graph of src/, read with the TypeScript parser (no regexes over code): every
// static import and export-from, `import type`, dynamic `import()`, `import('…').T` type queries,
// Vite suffixes (`?worker`, `?raw`) and the <script> blocks of .svelte files. Used by layers.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type EdgeKind = 'value' | 'type';

export interface RawImport {
  specifier: string;
  kind: EdgeKind;
  /** The value bindings taken ('*' for a namespace, default, side-effect or dynamic import). */
  names: string[];
  /** Every binding named, types included ('*' for a namespace or `typeof import('…')`). */
  allNames: string[];
}

export interface Edge {
  from: string;
  to: string;
  kind: EdgeKind;
  names: string[];
}

/** The script blocks of a Svelte component (instance and module), concatenated. */
export function svelteScripts(source: string): string {
  const out: string[] = [];
  const re = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m[1]!);
  return out.join('\n;\n');
}

/** Every module specifier a TypeScript source names, with whether only types cross the edge. */
export function importsOf(code: string, fileName = 'x.ts'): RawImport[] {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: RawImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // A side-effect import (`import './x'`) runs the module: a value edge.
      const names: string[] = [];
      const allNames: string[] = [];
      if (clause?.name) allNames.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) allNames.push('*');
      else if (bindings) for (const e of bindings.elements) allNames.push((e.propertyName ?? e.name).text);
      if (!clause) names.push('*');
      else if (!clause.isTypeOnly) {
        if (clause.name) names.push('*');
        const named = clause.namedBindings;
        if (named && ts.isNamespaceImport(named)) names.push('*');
        else if (named) for (const e of named.elements) if (!e.isTypeOnly) names.push((e.propertyName ?? e.name).text);
        // `import {} from './x'` still runs the module.
        if (!clause.name && named && ts.isNamedImports(named) && named.elements.length === 0) names.push('*');
      }
      out.push({ specifier: node.moduleSpecifier.text, kind: names.length ? 'value' : 'type', names, allNames });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names: string[] = [];
      if (!node.isTypeOnly) {
        if (!clause || !ts.isNamedExports(clause)) names.push('*');
        else for (const e of clause.elements) if (!e.isTypeOnly) names.push((e.propertyName ?? e.name).text);
      }
      const allNames = !clause || !ts.isNamedExports(clause) ? ['*'] : clause.elements.map((e) => (e.propertyName ?? e.name).text);
      out.push({ specifier: node.moduleSpecifier.text, kind: names.length ? 'value' : 'type', names, allNames });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push({ specifier: arg.text, kind: 'value', names: ['*'], allNames: ['*'] });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) {
        // `import('./x').T` names T; `typeof import('./x')` (or a bare qualifier-less one) the whole module.
        const first = node.qualifier && (ts.isIdentifier(node.qualifier) ? node.qualifier : leftmost(node.qualifier));
        const allNames = node.isTypeOf || !first ? ['*'] : [first.text];
        out.push({ specifier: arg.literal.text, kind: 'type', names: [], allNames });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function leftmost(name: ts.EntityName): ts.Identifier {
  return ts.isIdentifier(name) ? name : leftmost(name.left);
}

const EXTENSIONS = ['', '.ts', '.svelte', '.svelte.ts', '/index.ts'];

/** The file a relative specifier names (Vite's `?suffix` dropped), or null for a package. */
export function resolveRelative(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/\?.*$/, '');
  const base = path.resolve(path.dirname(fromFile), bare);
  for (const ext of EXTENSIONS) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|svelte)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Edges between files (absolute paths), one per pair: value if any import takes a value. */
export function importGraph(files: readonly string[]): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const code = file.endsWith('.svelte') ? svelteScripts(text) : text;
    for (const imp of importsOf(code, file)) {
      const to = resolveRelative(file, imp.specifier);
      if (!to) continue;
      const key = `${file}\u0000${to}`;
      const seen = edges.get(key) ?? { from: file, to, kind: 'type', names: [] };
      seen.names = [...new Set([...seen.names, ...imp.names])].sort();
      if (imp.kind === 'value') seen.kind = 'value';
      edges.set(key, seen);
    }
  }
  return [...edges.values()];
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    next.get(e.from)!.push(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  const strong = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (next.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) strong(v);
  return out;
}
