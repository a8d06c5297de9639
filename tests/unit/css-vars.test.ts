// Every colour, radius or font a component takes from a custom property (`var(--name)`) names one
// the theme defines (src/ui/app.css, light and dark) or the component defines itself. A name the
// theme does not have silently falls back — to nothing, or to a fallback written for the light
// theme (the History verdict badges were dark red on dark grey that way).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = path.resolve(__dirname, '../../src/ui');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.(svelte|css)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** The custom properties a stylesheet (or component) defines. */
function defined(css: string): Set<string> {
  return new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!));
}

/** The custom properties a stylesheet (or component) reads, with the line each is read on. */
function used(css: string): { name: string; line: number }[] {
  return [...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => ({ name: m[1]!, line: css.slice(0, m.index).split('\n').length }));
}

/** Reads of names neither the theme nor the file itself defines. */
function undefinedVars(theme: string, file: string, css: string): string[] {
  const known = new Set([...defined(theme), ...defined(css)]);
  return used(css)
    .filter((u) => !known.has(u.name))
    .map((u) => `${file}:${u.line} ${u.name}`);
}

describe('CSS custom properties', () => {
  const theme = readFileSync(path.join(UI, 'app.css'), 'utf8');

  it('the theme defines every colour in both light and dark', () => {
    const dark = theme.slice(theme.indexOf('prefers-color-scheme: dark'));
    const light = theme.slice(0, theme.indexOf('prefers-color-scheme: dark'));
    const colours = [...defined(light)].filter((n) => !/^--(font|mono|radius)/.test(n));
    expect(colours.filter((n) => !defined(dark).has(n))).toEqual([]);
  });

  it('every var(--name) in src/ui names a defined property', () => {
    const out = files(UI).flatMap((f) => undefinedVars(theme, path.relative(UI, f), readFileSync(f, 'utf8')));
    expect(out).toEqual([]);
  });

  it('finds a name the theme does not define, even with a fallback', () => {
    // The check itself must be able to fail.
    expect(undefinedVars(':root { --pass: green; }', 'x.svelte', '.a { color: var(--bad, #c62828); background: var(--pass); }')).toEqual(['x.svelte:1 --bad']);
    expect(undefinedVars(':root {}', 'x.svelte', '.a { --local: red; color: var(--local); }')).toEqual([]);
  });
});
