// Deterministic generator of a large audit case for benchmarks (no randomness across runs).
import type { AuditCase } from '../src/core/types';

/** A small seeded PRNG (mulberry32), so generated data is the same in every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the river basin rainfall station recorded annual average between years official record held town ' +
  'district survey measured millimetres monsoon season highest lowest climate data source report ' +
  'government agency published study region population census growth economy export import trade ' +
  'energy production capacity plant reactor safety licence regulation article section paragraph law'
).split(' ');

export function generateLargeCase(opts: { answerChars?: number; citations?: number; chunks?: number; chunkChars?: number; seed?: number } = {}): AuditCase {
  const { answerChars = 50_000, citations = 500, chunks = 300, chunkChars = 2_000, seed = 42 } = opts;
  const r = rng(seed);
  const word = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const sentence = (n: number) => {
    const ws = Array.from({ length: n }, word);
    ws[0] = ws[0]!.charAt(0).toUpperCase() + ws[0]!.slice(1);
    if (r() < 0.3) ws.splice(Math.floor(r() * n), 0, String(Math.floor(r() * 20000)));
    return ws.join(' ');
  };
  const chunkList = Array.from({ length: chunks }, (_, i) => {
    let text = '';
    while (text.length < chunkChars) text += `${sentence(12 + Math.floor(r() * 10))}. `;
    return { id: String(i + 1), title: `Document ${i + 1}`, text: text.slice(0, chunkChars) };
  });
  const parts: string[] = [];
  let length = 0;
  const perSentence = Math.max(1, Math.round(answerChars / citations));
  let cited = 0;
  while (length < answerChars) {
    let s = sentence(Math.max(6, Math.round(perSentence / 9)));
    if (cited < citations) {
      s += ` [${1 + Math.floor(r() * chunks)}]`;
      cited++;
    }
    s += '. ';
    parts.push(s);
    length += s.length;
  }
  return { id: 'generated-large', query: 'What do the documents say about annual rainfall?', answer: parts.join('').slice(0, answerChars), chunks: chunkList };
}
