// A full disk is not a private window: the history says the storage is full and what to do, and
// says that nothing is loading any more (issue 31, item 12).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { AppDb } from '../../store/db';
import { useHistories } from '../../../tests/factories/history';

const setup = useHistories('full');

/** A database whose browser refuses to open it, with `error`. */
function refusingDb(error: () => unknown): AppDb {
  const factory = {
    open: () => {
      throw error();
    },
    deleteDatabase: () => {
      throw error();
    },
    cmp: (a: unknown, b: unknown) => indexedDB.cmp(a, b),
  } as unknown as IDBFactory;
  return new AppDb(`full-${Math.random().toString(36).slice(2)}`, { indexedDB: factory, IDBKeyRange });
}

describe('History on a database that cannot open', () => {
  it.each([
    ['says the storage is full when the browser refuses for lack of space, and stops "loading"', new DOMException('The quota has been exceeded.', 'QuotaExceededError'), 'storage-full'],
    ['keeps the private-window wording for a database that cannot open for another reason', new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError'), 'unavailable'],
  ] as const)('%s', async (_, error, kind) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = setup({ db: refusingDb(() => error) });
    await history.ready;
    await vi.waitFor(() => expect(history.message).toEqual({ kind }));
    expect(history.failed).toBe(true);
    vi.restoreAllMocks();
  });
});
