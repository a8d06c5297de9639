// A static host for the built page, as a deployment is: the build served under a sub-path, with
// the folder behind it swappable while the server runs (a new deployment at the same URL, for the
// service worker's update check). Nothing is cached by HTTP, so every difference the browser sees
// comes from the service worker. Loopback only, on a port the OS picks.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

export interface StaticSite {
  /** The page's URL: the origin and the sub-path, ending in '/'. */
  url: string;
  /** Serves another folder from now on, at the same URL. */
  deploy(dir: string): void;
  /** Paths asked for so far (the sub-path removed). */
  requested: string[];
  close(): Promise<void>;
}

/** Serves `dir` under `/<subPath>/` on 127.0.0.1 (a secure context, as service workers need). */
export function serveSite(dir: string, subPath: string): Promise<StaticSite> {
  let root = path.resolve(dir);
  const prefix = `/${subPath.replace(/^\/|\/$/g, '')}/`;
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (!pathname.startsWith(prefix)) return void res.writeHead(404).end();
    const rel = decodeURIComponent(pathname.slice(prefix.length));
    requested.push(rel);
    let file = path.join(root, rel);
    if (file !== root && !file.startsWith(root + path.sep)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}${prefix}`,
        deploy: (next) => void (root = path.resolve(next)),
        requested,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
