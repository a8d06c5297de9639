// The package as a user gets it (docs/library.md): `npm pack` of cli/, installed into an empty
// project with npm, then the command, an ESM import and a TypeScript consumer run against what
// was installed. A file left out of `files`, a wrong `exports` or `bin`, declarations that need
// the repository's setup or the DOM: each fails here. Needs `npm run build:cli` first (npm test
// runs it); builds the declarations itself. Plain node:test: no Vitest in the user's project.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'citation-auditor-pack-'));
const project = join(work, 'project');
const started = Date.now();

/** A case the local checks fail: it cites a chunk that does not exist. */
const FAILING = { id: 'pack-1', query: 'How tall is the tower?', answer: 'The tower is 330 metres tall [2].', chunks: [{ id: '1', text: 'The tower is 330 metres tall.' }] };

function npm(args, cwd) {
  const r = spawnSync(NPM, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_cache: join(work, 'npm-cache'), npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status}); without the npm registry this test cannot install a package:\n${r.stderr}`);
  return r.stdout;
}

let packed;

before(() => {
  if (!existsSync(join(ROOT, 'cli/dist/cli.mjs'))) throw new Error('cli/dist is not built: run npm run build:cli first');
  execFileSync(process.execPath, [join(ROOT, 'scripts/package-files.mjs')], { stdio: 'inherit' });
  [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], join(ROOT, 'cli')));
  mkdirSync(project);
  npm(['init', '-y'], project);
  npm(['install', '--no-audit', '--no-fund', join(work, packed.filename)], project);
  writeFileSync(join(project, 'case.json'), JSON.stringify(FAILING, null, 2));
});

after(() => {
  rmSync(work, { recursive: true, force: true });
  process.stderr.write(`pack test: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});

describe('the tarball', () => {
  it('holds the command, the library and its declarations, and no tests, fixtures or app sources', () => {
    const files = packed.files.map((f) => f.path).sort();
    for (const f of ['package.json', 'README.md', 'citation-audit.mjs', 'dist/cli.mjs', 'dist/index.mjs', 'dist/index.d.ts']) assert.ok(files.includes(f), `${f} is missing from the tarball`);
    assert.deepEqual(files.filter((f) => !/^(package\.json|README\.md|citation-audit\.mjs|dist\/(cli\.mjs|index\.mjs|index\.d\.ts|THIRD-PARTY-LICENSES\.md|chunks\/[\w-]+\.mjs))$/.test(f)), []);
    assert.ok(files.some((f) => f.startsWith('dist/chunks/')), 'the chunks the entries import are missing from the tarball');
    assert.equal(packed.name, 'citation-auditor');
  });

  it('installs with no dependency of its own', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/citation-auditor/package.json'), 'utf8'));
    assert.deepEqual(Object.keys(manifest.dependencies ?? {}), []);
  });
});

describe('the installed package', () => {
  // What npx runs: the bin link npm made (called directly after the first check, as npm exec is slow to start).
  const cli = (args) => spawnSync(join(project, 'node_modules/.bin/citation-audit'), args, { cwd: project, encoding: 'utf8' });

  it('runs `npx citation-audit` with the CLI’s exit codes and every subcommand', () => {
    const fail = spawnSync(NPM, ['exec', '--no', '--', 'citation-audit', 'case.json', '--format', 'json'], { cwd: project, encoding: 'utf8' });
    assert.equal(fail.status, 1, fail.stderr);
    assert.equal(JSON.parse(fail.stdout).verdict, 'FAIL');
    const version = cli(['--version']);
    assert.match(version.stdout, /^citation-audit \d+\.\d+\.\d+/);
    for (const sub of ['diff', 'calibrate']) assert.equal(cli([sub, '--help']).status, 0, `${sub} --help`);
    assert.equal(cli(['missing.json']).status, 2);
  });

  it('is imported as ESM and audits a case as the CLI does', () => {
    const script = `
      import * as library from 'citation-auditor';
      import { auditCase, parseCase, renderReport, judgeCase, JudgeError, version } from 'citation-auditor';
      import { readFileSync } from 'node:fs';
      const parsed = parseCase(readFileSync('case.json', 'utf8'));
      const report = auditCase(parsed.case);
      if (typeof judgeCase !== 'function' || typeof JudgeError !== 'function') throw new Error('judge missing');
      let internal = 'importable';
      await import('citation-auditor/dist/index.mjs').catch((e) => (internal = e.code));
      process.stdout.write(JSON.stringify({ names: Object.keys(library).sort(), internal, version, json: renderReport(report, 'json') }));
    `;
    writeFileSync(join(project, 'use.mjs'), script);
    const r = spawnSync(process.execPath, ['use.mjs'], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(JSON.parse(out.json), JSON.parse(cli(['case.json', '--format', 'json']).stdout));
    assert.equal(JSON.parse(out.json).meta.tool_version, out.version);
    assert.equal(packed.version, out.version, 'cli/package.json and TOOL_VERSION (src/core/types.ts) differ');
    assert.equal(out.internal, 'ERR_PACKAGE_PATH_NOT_EXPORTED');
    // The public API is the short list of docs/library.md: a new export is a deliberate change.
    assert.deepEqual(out.names, ['JudgeError', 'auditCase', 'judgeCase', 'parseCase', 'parseDataset', 'renderReport', 'version']);
  });

  it('type-checks a strict TypeScript consumer without the DOM', () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { auditCase, judgeCase, JudgeError, renderReport, type AuditCase, type JudgeOptions, type Report, type Verdict } from 'citation-auditor';
const c: AuditCase = { query: 'q', answer: 'a [1].', chunks: [{ id: '1', text: 'a' }] };
const report: Report = auditCase(c, { citationScope: 'paragraph' });
const verdict: Verdict = report.verdict;
const text: string = renderReport([report], 'markdown');
const options: JudgeOptions = { provider: 'anthropic', apiKey: 'k', strict: true, signal: AbortSignal.timeout(1000) };
const local: JudgeOptions = { provider: 'openai', baseURL: 'http://localhost:11434/v1', model: 'llama3.1:8b' };
// @ts-expect-error the Anthropic judge needs its key
const keyless: JudgeOptions = { provider: 'anthropic' };
export { local, keyless };
export async function judged(): Promise<string> {
  try {
    return (await judgeCase(c, options)).verdict;
  } catch (err) {
    if (err instanceof JudgeError) return err.report.meta.model_error?.kind ?? err.kind;
    throw err;
  }
}
// @ts-expect-error a wrong option is refused
auditCase(c, { citationScope: 'page' });
export { verdict, text };
`,
    );
    const config = {
      compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023'], types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], skipLibCheck: false },
      files: ['consumer.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')), type: 'module' }));
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
});
