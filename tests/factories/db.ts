// Fresh databases (fake-indexeddb) for store and state tests, closed and deleted after each test.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach } from 'vitest';
import { AppDb } from '../../src/store/db';

/**
 * Call at a test file's top level: gives a maker of databases, named `prefix-…` unless a name is
 * given, every one of which is closed and deleted after the test that made it.
 */
export function useFreshDbs(prefix: string): (name?: string) => AppDb {
  const dbs: AppDb[] = [];
  afterEach(async () => {
    for (const db of dbs) db.close();
    for (const name of new Set(dbs.map((d) => d.name))) await Dexie.delete(name);
    dbs.length = 0;
  });
  return (name = `${prefix}-${Math.random().toString(36).slice(2)}`) => {
    const db = new AppDb(name);
    dbs.push(db);
    return db;
  };
}
