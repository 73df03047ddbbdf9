import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeckDraft } from '@deck-portal/domain';
import type { User } from '../../src/auth/sessions.ts';
import { deckFiles, decks } from '../../src/db/schema.ts';
import { setDeckArchived } from '../../src/decks/archive-deck.ts';
import { duplicateDeck } from '../../src/decks/duplicate-deck.ts';
import { versionPrefix } from '../../src/decks/version-files.ts';
import { generateNextVersion } from '../../src/decks/generate-version.ts';
import { restoreVersion } from '../../src/decks/restore-version.ts';
import { batteryDraft, settledGeneration, useUseCaseWorld } from './use-case-world.ts';

// A deck's next version (Modify → Generate), a restore, a duplicate: every way a version is
// made, each numbered after the deck's newest with the deck pointing at it. HTTP's side (201 or
// 202, Prefer: wait, who may call) is deck-versions.test.ts's and decks-generation.test.ts's.

const w = useUseCaseWorld();

const newDeck = (title: string) => w.madeDeck(w.rep, batteryDraft(w.slideIds, { title }));

/** Modify → Generate as `user`, waited for: the version's number. */
async function nextVersion(user: User, deckId: string, draft: DeckDraft) {
  const answer = await generateNextVersion(w.services, { user, deckId, draft });
  if (!('queued' in answer)) throw new Error('a version without a key was made at once');
  const settled = await settledGeneration(w.services, deckId, { jobId: answer.jobId });
  expect(settled.status).toBe('completed');
  return settled.version;
}

/** A version's stored files: each name within the version, and its bytes' SHA-256. */
async function filesOf(deckId: string, version: number) {
  const prefix = versionPrefix(version);
  const rows = await w.services.db
    .select({ name: deckFiles.name, sha256: deckFiles.sha256 })
    .from(deckFiles)
    .where(eq(deckFiles.deckId, deckId));
  return rows
    .filter((row) => row.name.startsWith(prefix))
    .map((row) => ({ name: row.name.slice(prefix.length), sha256: row.sha256 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every object the store holds for the deck is named by one of its file rows, and each row's is there. */
async function expectEveryObjectARow(deckId: string) {
  const rows = await w.services.db
    .select({ name: deckFiles.name })
    .from(deckFiles)
    .where(eq(deckFiles.deckId, deckId));
  const stored = (await w.services.objects.list(`decks/${deckId}/`)).map((object) => object.key);
  expect(stored.sort()).toEqual(rows.map((row) => `decks/${deckId}/${row.name}`).sort());
}

/**
 * Makes the store's `nth` object move (counted over its calls) fail while `run` runs, as a full
 * disk would: the store is asked for that one from where nothing is, so it fails and undoes the
 * others itself. Answers how many objects it was asked to move.
 */
async function withFailingMove(nth: number, run: () => Promise<unknown>) {
  const { objects } = w.services;
  const move = objects.move;
  let moves = 0;
  objects.move = async (batch) => {
    const failing = nth - moves - 1;
    moves += batch.length;
    if (failing < 0 || failing >= batch.length) return move.call(objects, batch);
    const asked = batch.map((one, i) =>
      i === failing ? { ...one, from: `${one.from}.gone` } : one,
    );
    const failed = await move.call(objects, asked).then(
      () => false,
      () => true,
    );
    expect(failed).toBe(true);
    throw new Error('no space left');
  };
  try {
    await run();
  } finally {
    objects.move = move;
  }
  return moves;
}

/** The files of a version of `batteryDraft`'s three slides, by their names within it. */
const threeSlideFiles = ['deck.pdf', 'deck.pptx', 'slide-1.svg', 'slide-2.svg', 'slide-3.svg'];

describe('a new version of a deck', () => {
  it('makes the changed draft the next version, says what changed, and the deck follows it', async () => {
    const deckId = await newDeck('Cold Chain Upgrade');
    const changed = batteryDraft(w.slideIds, { title: 'Cold Chain Upgrade 2027', quantity: 3 });
    expect(await nextVersion(w.rep, deckId, changed)).toBe(2);

    const [first, second] = await w.versionsOf(deckId);
    expect(first).toMatchObject({ number: 1, title: 'Cold Chain Upgrade', changes: [] });
    expect(second).toMatchObject({
      number: 2,
      title: 'Cold Chain Upgrade 2027',
      clientName: 'Northwind Pharmacies',
      createdBy: w.rep.id,
      restoredFrom: null,
      changes: [
        'Title “Cold Chain Upgrade” → “Cold Chain Upgrade 2027”',
        'Battery Backup: quantity 2 → 3',
      ],
    });
    expect(await w.deckRow(deckId)).toMatchObject({
      currentVersion: 2,
      title: 'Cold Chain Upgrade 2027',
      status: 'completed',
    });
    expect((await w.deckRow(deckId)).draft.productSelection.selectedProducts[0]?.quantity).toBe(3);
    expect((await filesOf(deckId, 2)).map((file) => file.name)).toEqual(threeSlideFiles);
  });

  it('is made by a manager for the deck’s owner', async () => {
    const deckId = await newDeck('Managed deck');
    const changed = batteryDraft(w.slideIds, { title: 'Managed deck', quantity: 5 });
    expect(await nextVersion(w.manager, deckId, changed)).toBe(2);
    const [, second] = await w.versionsOf(deckId);
    expect(second!.createdBy).toBe(w.manager.id);
    expect(second!.draft.basicInfo.userId).toBe(w.rep.id);
    expect((await w.deckRow(deckId)).ownerId).toBe(w.rep.id);
  });

  it('answers a retry with the same idempotency key with the version it made', async () => {
    const deckId = await newDeck('Keyed deck');
    const draft = batteryDraft(w.slideIds, { title: 'Keyed deck', quantity: 4 });
    const idempotencyKey = 'next-version-1';
    const first = await generateNextVersion(w.services, {
      user: w.rep,
      deckId,
      draft,
      idempotencyKey,
    });
    if (!('queued' in first)) throw new Error('the first call made nothing to follow');
    await settledGeneration(w.services, deckId, { jobId: first.jobId });
    const retry = await generateNextVersion(w.services, {
      user: w.rep,
      deckId,
      draft,
      idempotencyKey,
    });
    expect(retry).toMatchObject({ made: { presentationId: deckId, version: 2 } });
    const other = batteryDraft(w.slideIds, { title: 'Keyed deck', quantity: 9 });
    await expect(
      generateNextVersion(w.services, { user: w.rep, deckId, draft: other, idempotencyKey }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused', statusCode: 422 });
    expect(await w.versionsOf(deckId)).toHaveLength(2);
  });

  it('brings an archived deck back into use', async () => {
    const deckId = await newDeck('Archived deck');
    await setDeckArchived(w.services, { user: w.rep, deckId, archived: true });
    expect(await w.deckRow(deckId)).toMatchObject({ status: 'archived' });
    const changed = batteryDraft(w.slideIds, { title: 'Archived deck', quantity: 6 });
    expect(await nextVersion(w.rep, deckId, changed)).toBe(2);
    // Nobody outside the team can open it (no share, no link): back to completed.
    expect(await w.deckRow(deckId)).toMatchObject({
      status: 'completed',
      archivedAt: null,
      currentVersion: 2,
    });
  });
  it('leaves no file of an attempt whose files could not be moved in, and the next makes it', async () => {
    const deckId = await newDeck('Staged deck');
    // Drawn before its number is known, its files are staged, then moved under it as the
    // version is recorded: the first attempt's second move fails.
    const changed = batteryDraft(w.slideIds, { title: 'Staged deck', quantity: 4 });
    const moves = await withFailingMove(2, async () => {
      expect(await nextVersion(w.rep, deckId, changed)).toBe(2);
    });
    expect(moves).toBeGreaterThan(5);
    // Nothing staged is left, and no v2 file without a row.
    await expectEveryObjectARow(deckId);
    expect((await filesOf(deckId, 2)).map((file) => file.name)).toEqual(threeSlideFiles);
  });
});

describe('restoring a version', () => {
  it('adds the earlier version as the next one, with its very files', async () => {
    const deckId = await newDeck('Restored deck');
    await nextVersion(w.rep, deckId, batteryDraft(w.slideIds, { title: 'Changed', quantity: 7 }));
    const restored = await restoreVersion(w.services, { user: w.rep, deckId, number: 1 });
    expect(restored).toMatchObject({ presentationId: deckId, version: 3 });

    const third = (await w.versionsOf(deckId))[2];
    expect(third).toMatchObject({
      number: 3,
      title: 'Restored deck',
      restoredFrom: 1,
      createdBy: w.rep.id,
      changes: [
        'Restored version 1',
        'Title “Changed” → “Restored deck”',
        'Battery Backup: quantity 7 → 2',
      ],
    });
    expect(await w.deckRow(deckId)).toMatchObject({ currentVersion: 3, title: 'Restored deck' });
    expect(await filesOf(deckId, 3)).toEqual(await filesOf(deckId, 1));
    // Copied to a staging folder, moved under 3: nothing left there.
    await expectEveryObjectARow(deckId);

    await expect(
      restoreVersion(w.services, { user: w.rep, deckId, number: 3 }),
    ).rejects.toMatchObject({ code: 'conflict', message: 'Version 3 is already the newest.' });
  });

  it('leaves the deck as it was, and nothing staged, when its files cannot be moved in', async () => {
    const deckId = await newDeck('Unrestored deck');
    await nextVersion(w.rep, deckId, batteryDraft(w.slideIds, { title: 'Changed', quantity: 7 }));
    await withFailingMove(3, () =>
      expect(restoreVersion(w.services, { user: w.rep, deckId, number: 1 })).rejects.toThrow(
        'no space left',
      ),
    );
    expect(await w.deckRow(deckId)).toMatchObject({ currentVersion: 2, title: 'Changed' });
    expect(await filesOf(deckId, 3)).toEqual([]);
    await expectEveryObjectARow(deckId);
  });

  it('numbers two versions written at once one after the other, never the same', async () => {
    const deckId = await newDeck('Raced deck');
    await nextVersion(
      w.rep,
      deckId,
      batteryDraft(w.slideIds, { title: 'Raced deck', quantity: 8 }),
    );
    // Both read the deck while version 2 is its newest; both are written.
    const made = await Promise.all([
      restoreVersion(w.services, { user: w.rep, deckId, number: 1 }),
      restoreVersion(w.services, { user: w.manager, deckId, number: 1 }),
    ]);
    expect(made.map((answer) => answer.version).sort()).toEqual([3, 4]);
    expect((await w.versionsOf(deckId)).map((version) => version.number)).toEqual([1, 2, 3, 4]);
    expect((await w.deckRow(deckId)).currentVersion).toBe(4);
  });
});

describe('duplicating a deck', () => {
  it('leaves no deck and no file behind when its rows cannot be written', async () => {
    const deckId = await newDeck('Uncopied deck');
    const before = new Set((await w.services.objects.list('decks/')).map((object) => object.key));
    const { fileStore } = w.services;
    const record = fileStore.record;
    fileStore.record = () => Promise.reject(new Error('the database is gone'));
    try {
      await expect(
        duplicateDeck(w.services, { user: w.manager, deckId, version: 1 }),
      ).rejects.toThrow('the database is gone');
    } finally {
      fileStore.record = record;
    }
    const after = (await w.services.objects.list('decks/')).map((object) => object.key);
    expect(after.filter((key) => !before.has(key))).toEqual([]);
    const copies = await w.services.db
      .select({ id: decks.id })
      .from(decks)
      .where(eq(decks.title, 'Uncopied deck (copy)'));
    expect(copies).toEqual([]);
  });

  it('makes a new deck of the caller’s whose version 1 is the copied version', async () => {
    const deckId = await newDeck('Original deck');
    await nextVersion(
      w.rep,
      deckId,
      batteryDraft(w.slideIds, { title: 'Original deck', quantity: 3 }),
    );
    const copy = await duplicateDeck(w.services, { user: w.manager, deckId, version: 2 });
    expect(copy.version).toBe(1);
    expect(copy.presentationId).not.toBe(deckId);

    expect(await w.deckRow(copy.presentationId)).toMatchObject({
      ownerId: w.manager.id,
      title: 'Original deck (copy)',
      status: 'completed',
      currentVersion: 1,
    });
    const [first, ...others] = await w.versionsOf(copy.presentationId);
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      number: 1,
      title: 'Original deck (copy)',
      createdBy: w.manager.id,
      changes: ['Copied from “Original deck”, version 2'],
    });
    expect(first!.draft.basicInfo.userId).toBe(w.manager.id);
    expect(first!.draft.productSelection.selectedProducts[0]?.quantity).toBe(3);
    expect(await filesOf(copy.presentationId, 1)).toEqual(await filesOf(deckId, 2));
    await expectEveryObjectARow(copy.presentationId);
    // The original is as it was.
    expect(await w.deckRow(deckId)).toMatchObject({ currentVersion: 2, title: 'Original deck' });
  });
});
