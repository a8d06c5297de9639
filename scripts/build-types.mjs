// The library's declarations as one file, cli/dist/index.d.ts (`npm run pack`): TypeScript 7
// (fast) writes the declarations of what src/lib/index.ts reaches into a temporary folder, and
// dts-bundle-generator keeps only what the public API names, in one file with no relative imports,
// which every moduleResolution a user may have (node16, nodenext, bundler) reads the same way.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'cli/dist/index.d.ts');
const tmp = mkdtempSync(join(tmpdir(), 'citation-auditor-dts-'));

function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`build-types: ${args.slice(0, 2).join(' ')} failed (exit ${r.status})`);
  }
}

try {
  run([join(root, 'node_modules/@typescript/native/bin/tsc'), '-p', 'tsconfig.lib.json', '--declaration', '--emitDeclarationOnly', '--outDir', tmp, '--rootDir', 'src']);
  // The declarations alone, without the DOM: a Report of the DOM's lib would collide with ours.
  const config = {
    compilerOptions: { target: 'ES2022', lib: ['ES2023'], module: 'ESNext', moduleResolution: 'bundler', strict: true, types: ['node'], typeRoots: [join(root, 'node_modules/@types')], skipLibCheck: true },
    files: ['lib/index.d.ts'],
  };
  writeFileSync(join(tmp, 'tsconfig.json'), JSON.stringify(config));
  run([join(root, 'node_modules/dts-bundle-generator/dist/bin/dts-bundle-generator.js'), '--silent', '--no-banner', '--no-check', '--project', join(tmp, 'tsconfig.json'), '-o', out, join(tmp, 'lib/index.d.ts')]);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
