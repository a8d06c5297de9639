// The Node versions we promise, against what is true: the repository's (package.json, README) are
// the ones every tool that builds and tests it runs on; the package's (cli/package.json,
// docs/library.md) are the ones its bundle is built for (vite.cli.config.ts's target).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

type V = [number, number, number];
const parse = (s: string): V => {
  const [a = 0, b = 0, c = 0] = s.split('.').map(Number);
  return [a, b, c];
};
const cmp = (x: V, y: V) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** Whether version `v` is in `range`: the forms engines fields use (^x.y.z, >=x.y.z, a space for and, || for or). */
function satisfies(v: V, range: string): boolean {
  return range.split('||').some((alt) =>
    alt
      .trim()
      .replace(/(>=|\^)\s+/g, '$1')
      .split(/\s+/)
      .every((c) => {
        const m = /^(>=|\^)?v?(\d+(?:\.\d+){0,2})$/.exec(c);
        if (!m) throw new Error(`cannot read the range "${range}"`);
        const at = parse(m[2]!);
        if (m[1] === '>=') return cmp(v, at) >= 0;
        if (m[1] === '^') return v[0] === at[0] && cmp(v, at) >= 0;
        return cmp(v, at) === 0;
      }),
  );
}

const PROBES: V[] = [];
for (let major = 16; major <= 26; major++) for (const minor of [0, 9, 12, 13, 18, 19, 20]) PROBES.push([major, minor, 0]);

describe('Node versions', () => {
  it('the repository asks for every version its tools need, and no other', () => {
    const pkg = json('package.json');
    const promised: string = pkg.engines.node;
    const tools = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
      .map((name) => ({ name, node: (json(`node_modules/${name}/package.json`) as { engines?: { node?: string } }).engines?.node }))
      .filter((t): t is { name: string; node: string } => typeof t.node === 'string');
    expect(tools.map((t) => t.name)).toContain('vite');
    for (const v of PROBES) {
      const all = tools.every((t) => satisfies(v, t.node));
      expect(satisfies(v, promised), `Node ${v.join('.')}: engines "${promised}", tools ${all ? 'all run' : `not ${tools.filter((t) => !satisfies(v, t.node)).map((t) => `${t.name} (${t.node})`).join(', ')}`}`).toBe(all);
    }
    // The README's sentence names each lower bound.
    const sentence = /Node \d[^.]*(?:\.\d+[^.]*)* (?:is|are) needed/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[0] ?? '';
    for (const alt of promised.split('||')) expect(sentence).toContain(alt.trim().replace(/^(\^|>=)/, '').replace(/\.0$/, ''));
  });

  it('the package promises the Node its bundle is built for', () => {
    const target = /target:\s*'node(\d+)'/.exec(readFileSync(join(root, 'vite.cli.config.ts'), 'utf8'))?.[1];
    expect(target).toBeDefined();
    expect(json('cli/package.json').engines.node).toBe(`>=${target}`);
    expect(readFileSync(join(root, 'docs/library.md'), 'utf8')).toContain(`It needs Node ${target} or newer`);
  });
});
