import { describe, expect, it } from 'vitest';
import { importText } from './importFile';

const good = JSON.stringify({ query: 'q?', answer: 'The sky is blue [1].', chunks: [{ id: '1', text: 'The sky is blue.' }] });

describe('importText', () => {
  it('opens a case, a dataset, and names the position of a problem', () => {
    expect(importText('a.json', good).kind).toBe('case');
    const d = importText('d.jsonl', `${good}\n${good}\n`);
    expect(d.kind).toBe('dataset');
    const bad = importText('b.json', '{"query": 1}');
    expect(bad.kind).toBe('error');
    if (bad.kind === 'error') expect(bad.message).toMatch(/^b\.json:1:\d+: /);
  });

  it('says a binary file is not a case file instead of reporting a JSON error at 1:1', () => {
    const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
    const r = importText('photo.png', png);
    expect(r.kind).toBe('error');
    if (r.kind === 'error') expect(r.message).toMatch(/^photo\.png is not a text file\./);
    // Bytes that were not UTF-8 come in as U+FFFD.
    const zip = importText('x.zip', 'PK\u0003\u0004' + '\uFFFD'.repeat(40));
    if (zip.kind === 'error') expect(zip.message).toContain('not a text file');
    expect(zip.kind).toBe('error');
  });

  it('keeps a text file with one odd character as text (its JSON error is the useful one)', () => {
    const r = importText('c.json', '{"query": "caf\uFFFD", "answer": 5}');
    expect(r.kind).toBe('error');
    if (r.kind === 'error') expect(r.message).toMatch(/^c\.json:1:\d+: /);
    expect(importText('t.json', good.replace('{', '{\t\r\n')).kind).toBe('case');
  });
});
