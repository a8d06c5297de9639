import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../tests/factories/tempDir';
import { writeWholeFile } from './wholeFile';

describe('writeWholeFile', () => {
  it('leaves the old file whole while writing, and whole when the write fails midway', async () => {
    const dir = tempDir('citation-audit-whole-');
    const file = join(dir, 'report.xml');
    writeFileSync(file, '<old/>\n');
    const seen: string[] = [];
    await expect(
      writeWholeFile(file, async (write) => {
        await write('<testsuites>');
        seen.push(readFileSync(file, 'utf8'));
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(seen).toEqual(['<old/>\n']);
    expect(readFileSync(file, 'utf8')).toBe('<old/>\n');
    // No temporary file is left next to it.
    expect(readdirSync(dir)).toEqual(['report.xml']);
  });

  it('replaces the file once written, keeping its mode; a new file appears only whole', async () => {
    const dir = tempDir('citation-audit-whole-');
    const file = join(dir, 'summary.md');
    await writeWholeFile(file, async (write) => {
      expect(existsSync(file)).toBe(false);
      await write('# one\n');
      await write('two\n');
    });
    expect(readFileSync(file, 'utf8')).toBe('# one\ntwo\n');
    chmodSync(file, 0o640);
    await writeWholeFile(file, (write) => write('three\n'));
    expect(readFileSync(file, 'utf8')).toBe('three\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['summary.md']);
  });

  it('replaces the file a link names and keeps the link', async () => {
    const dir = tempDir('citation-audit-whole-');
    const real = join(dir, 'real.xml');
    const link = join(dir, 'link.xml');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    await writeWholeFile(link, (write) => write('new'));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it.runIf(existsSync('/dev/null'))('writes a target that is not a regular file in place', async () => {
    await writeWholeFile('/dev/null', (write) => write('anything'));
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});
