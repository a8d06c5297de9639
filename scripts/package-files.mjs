// The package's files that the build (vite.cli.config.ts) does not write, made by `npm run pack`:
//
// - cli/dist/index.d.ts, the library's declarations as one file: TypeScript 7 (fast) writes the
//   declarations of what src/lib/index.ts reaches into a temporary folder, and
//   dts-bundle-generator keeps what the public API names (exporting only what it exports), in
//   one file with no relative imports, which every moduleResolution a user may have (node16,
//   nodenext, bundler) reads the same way;
// - cli/dist/THIRD-PARTY-LICENSES.md: the licence of every package the build bundled, found by
//   the `// node_modules/…` region comments the unminified build keeps.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'cli/dist');
const out = join(dist, 'index.d.ts');
function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`package-files: ${args.slice(0, 2).join(' ')} failed (exit ${r.status})`);
  }
}

if (!existsSync(join(dist, 'cli.mjs'))) throw new Error('package-files: cli/dist is not built: run npm run build:cli first');
const packages = bundledPackages();
const intro = '# Third-party licences\n\nThis package bundles the code of the packages below; their licences follow.\n';
writeFileSync(join(dist, 'THIRD-PARTY-LICENSES.md'), [intro, ...packages.map(licenceOf)].join('\n'));

const tmp = mkdtempSync(join(tmpdir(), 'citation-auditor-dts-'));
try {
  run([join(root, 'node_modules/@typescript/native/bin/tsc'), '-p', 'tsconfig.lib.json', '--declaration', '--emitDeclarationOnly', '--outDir', tmp, '--rootDir', 'src']);
  // The declarations alone, without the DOM: a Report of the DOM's lib would collide with ours.
  const config = {
    compilerOptions: { target: 'ES2022', lib: ['ES2023'], module: 'ESNext', moduleResolution: 'bundler', strict: true, types: ['node'], typeRoots: [join(root, 'node_modules/@types')], skipLibCheck: true },
    files: ['lib/index.d.ts'],
  };
  writeFileSync(join(tmp, 'tsconfig.json'), JSON.stringify(config));
  run([join(root, 'node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js'), '--silent', '--no-banner', '--no-check', '--export-referenced-types=false', '--project', join(tmp, 'tsconfig.json'), '-o', out, join(tmp, 'lib/index.d.ts')]);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** Packages whose code is in the build, by the region comments rolldown writes. */
function bundledPackages() {
  const names = new Set();
  const files = [...readdirSync(dist).filter((f) => f.endsWith('.mjs')), ...readdirSync(join(dist, 'chunks')).map((f) => `chunks/${f}`)];
  for (const f of files) {
    for (const [, name] of readFileSync(join(dist, f), 'utf8').matchAll(/^\/\/ node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//gm)) names.add(name);
  }
  return [...names].sort();
}

function licenceOf(name) {
  const dir = join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|-mit|$)/i.test(f));
  const notice = readdirSync(dir).find((f) => /^notice(\.|$)/i.test(f));
  const text = [file, notice].filter(Boolean).map((f) => readFileSync(join(dir, f), 'utf8').trim()).join('\n\n');
  // A package that ships no licence file is named with its licence, author and repository.
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const credit = [author && `Author: ${author}`, repo && `Repository: ${repo}`, `Licence: ${manifest.license}`].filter(Boolean).join('\n');
  return `## ${name} ${manifest.version} (${manifest.license})\n\n${text || credit}\n`;
}

