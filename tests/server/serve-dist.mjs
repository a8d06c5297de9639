#!/usr/bin/env node
// The end-to-end tests' web server (playwright.config.ts): the production build served as a
// static host serves it, with the caching such a host can give a Vite build. Files under
// `assets/` carry a hash of their content in their names, so the browser may keep them for good
// (`immutable`); everything else (index.html, the service worker, the manifest, icons) is
// revalidated on every load, so a new build is always seen.
//
//   node tests/server/serve-dist.mjs DIR PORT
//
// Why not `vite preview`: it answers every file with `no-cache`, so each page load asked again
// for the ~45 files of the build (each a 304), and compressed each file it sent. The tests load
// the page about a hundred times a run on two shared cores; those round trips and the gzip were
// CPU taken from the browsers (bench/RESULTS.md, issue 30 part 1, fifth pass). Plain Node, no
// dependencies; loopback only.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [dirArg, portArg] = process.argv.slice(2);
if (!dirArg || !portArg) {
  process.stderr.write('usage: node tests/server/serve-dist.mjs DIR PORT\n');
  process.exit(2);
}
const root = path.resolve(dirArg);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The file under root that `pathname` names (a folder: its index.html), or null. */
function fileOf(pathname) {
  let rel;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  let file = path.join(root, rel);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
    const st = statSync(file);
    return st.isFile() ? { file, st } : null;
  } catch {
    return null;
  }
}

// A page of the app's origin that is not the app, where tests/e2e/fixtures.ts empties and seeds
// storage between tests. Served here rather than by a Playwright route: a route, even one taken
// out again at once, kept the next load of the app from using V8's code cache.
const BLANK = '/__e2e-blank.html';
const BLANK_HTML = '<!doctype html><title>e2e</title>';

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://x');
  if (pathname === BLANK) {
    return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(BLANK_HTML);
  }
  const found = req.method === 'GET' || req.method === 'HEAD' ? fileOf(pathname) : null;
  if (!found) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  const { file, st } = found;
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const hashed = pathname.startsWith('/assets/');
  const headers = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
  };
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'content-length': st.size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
});
server.listen(Number(portArg), '127.0.0.1', () => {
  process.stdout.write(`serving ${root} at http://127.0.0.1:${portArg}/\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
