// Small hostile servers for the tests of unattended runs: each is a node:http server on the
// loopback whose handler misbehaves on purpose (never answers, pings a dead stream, redirects).
// `relay` asks one of the fake servers for the honest reply to the same request, so that a
// handler can send part of a real stream in the real wire format before it misbehaves.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface Hostile {
  url: string;
  /** Requests received, by method and path. */
  seen: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void | Promise<void>;

const open: Hostile[] = [];

/** Closes every hostile server a test started, when it ends (call once per file). */
export function useHostileServers(): void {
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.close()));
  });
}

export async function startHostile(handler: Handler): Promise<Hostile> {
  const seen: Hostile['seen'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: req.url ?? '', body });
      void handler(req, res, body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const h: Hostile = {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  open.push(h);
  return h;
}

/** The honest reply of `upstream` (a fake server's origin) to the same request: status, content type, text. */
export async function relay(upstream: string, req: http.IncomingMessage, body: string): Promise<{ status: number; contentType: string; text: string }> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
  const res = await fetch(new URL(req.url ?? '/', upstream), { method: req.method ?? 'POST', headers, ...(body ? { body } : {}) });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The events of an SSE text, each with its closing blank line. */
export const sseFrames = (text: string): string[] =>
  text
    .split(/\n\n/)
    .filter((f) => f.trim() !== '')
    .map((f) => `${f}\n\n`);
