import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { saveAudit } from '../../store/history';
import { makeSave } from '../../../tests/factories/audits';
import { useHistories } from '../../../tests/factories/history';
import { loadEngine } from '../lazy';

beforeAll(async () => {
  await loadEngine();
});

const setup = useHistories('damaged-state');

describe('the panel and damaged rows', () => {
  it('lists damaged rows with their count, says what the backup left out, and forgets a deleted one', async () => {
    const { db, history } = setup();
    await saveAudit(db, makeSave({ title: 'Whole one', now: 1000 }));
    const saved = await saveAudit(db, makeSave({ title: 'Broken one', now: 2000 }));
    const row = (await db.audits.get(saved.id))!;
    await db.audits.put({ ...row, updated: '2026-01-01', trashed: 'no' } as never);

    history.list.showRange(0, 10);
    await vi.waitFor(() => expect(history.list.loaded).toBe(true));
    expect(history.list.total).toBe(1);
    await vi.waitFor(() => expect(history.list.damaged.count).toBe(1));
    expect(history.list.damaged.rows[0]!.title).toBe('Broken one');

    const backup = await history.exportBackup();
    expect(backup.skipped).toBe(1);
    expect(JSON.parse(backup.text).skipped_damaged).toBe(1);
    expect(history.message).toEqual({ kind: 'backup-skipped', skipped: 1 });

    const raw = await history.exportDamaged([history.list.damaged.rows[0]!.damage!.key]);
    expect(raw.name).toMatch(/damaged.*\.json$/);
    expect(JSON.parse(raw.text).entries[0].row.trashed).toBe('no');

    await history.deleteDamaged(saved.id);
    await vi.waitFor(() => expect(history.list.damaged.count).toBe(0));
  });
});
