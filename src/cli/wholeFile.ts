// Files the CLI writes as a whole (--junit, --markdown, agreement --out): a regular file is written
// to a temporary file next to it and renamed over it, so a run killed mid-write leaves the old
// file (or none), never a truncated one. A target that exists and is not a regular file
// (/dev/stdout, /dev/full, a FIFO) is written in place, as is a file whose folder refuses new
// files (only the file itself is writable there).
import { chmod, open, realpath, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

type Fill = (write: (s: string) => Promise<void>) => Promise<void>;

/** Writes `path` from the pieces `fill` hands on; the file appears whole or not at all. */
export async function writeWholeFile(path: string, fill: Fill): Promise<void> {
  const s = await stat(path).catch(() => undefined);
  if (s && !s.isFile()) return writeInPlace(path, fill);
  // A link is followed: the file it names is replaced, the link stays.
  const target = s ? await realpath(path) : path;
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  let handle: FileHandle;
  try {
    handle = await open(tmp, 'wx');
  } catch {
    return writeInPlace(path, fill);
  }
  try {
    try {
      await fill(async (piece) => {
        await handle.write(piece);
      });
    } finally {
      await handle.close();
    }
    if (s) await chmod(tmp, s.mode & 0o7777);
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

async function writeInPlace(path: string, fill: Fill): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await fill(async (piece) => {
      await handle.write(piece);
    });
  } finally {
    await handle.close();
  }
}
