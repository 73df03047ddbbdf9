import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDraftInput } from '@deck-portal/domain';
import { deckFiles, uploads, users } from '../../src/db/schema.ts';
import { sha256Hex } from '../../src/decks/version-files.ts';
import type { ObjectStore } from '../../src/storage/object-store.ts';
import { moveDatabaseFilesOut } from '../../src/file-maintenance.ts';
import { createS3ObjectStore } from '../../src/storage/s3-object-store.ts';
import { orphanGraceMs, sweepOrphanFiles } from '../../src/storage/sweep-orphan-files.ts';
import { createFakeDeckRenderer } from '../helpers/fake-deck-renderer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createAdmin } from '../helpers/accounts.ts';
import { startS3Server } from '../helpers/s3-server.ts';

// The portal's files on a real S3-protocol server: generated, served, copied, deleted, moved
// out of the database and swept, all through the API and the store the app really uses.
let s3: Awaited<ReturnType<typeof startS3Server>>;
let objects: ObjectStore;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  objects = createS3ObjectStore({ bucket: s3.bucket, prefix: 'portal/', client: s3.clientConfig });
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer(3), objectStore: objects });
  cookie = (await createAdmin(t.app)).cookie;
}, 60_000);

afterAll(async () => {
  await t.app.close();
  await s3.close();
});

const draft: DeckDraftInput = {
  basicInfo: { deckTitle: 'Stored deck', clientName: 'Northwind', date: '2026-11-21' },
  productSelection: { selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }] },
  templateCustomization: { selectedSlides: ['title'] },
};

async function newDeck() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/generate-slides',
    headers: { cookie, prefer: 'wait=60' },
    payload: draft,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

const keysOf = async (deckId: string) =>
  (await objects.list(`decks/${deckId}/`)).map((object) => object.key);

describe('deck files in object storage', () => {
  it('keeps the bytes in the bucket and what they are in the database, and serves them', async () => {
    const deckId = await newDeck();
    expect(await keysOf(deckId)).toEqual([
      `decks/${deckId}/v1/deck.pdf`,
      `decks/${deckId}/v1/deck.pptx`,
      `decks/${deckId}/v1/slide-1.svg`,
      `decks/${deckId}/v1/slide-2.svg`,
      `decks/${deckId}/v1/slide-3.svg`,
    ]);
    const rows = await t.app.services.db
      .select()
      .from(deckFiles)
      .where(eq(deckFiles.deckId, deckId));
    const pdfRow = rows.find((row) => row.name === 'v1/deck.pdf')!;
    expect(pdfRow.content).toBeNull();
    expect(pdfRow.sha256).toBe(sha256Hex(Buffer.from('%PDF-1.7 fake')));
    expect(pdfRow.byteSize).toBe('%PDF-1.7 fake'.length);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/download`,
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-1.7 fake');
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('copies a version’s bytes on restore, and deletes every byte with the deck', async () => {
    const deckId = await newDeck();
    const modified = await t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/versions`,
      headers: { cookie, prefer: 'wait=60' },
      payload: { ...draft, basicInfo: { ...draft.basicInfo, deckTitle: 'Stored deck 2' } },
    });
    expect(modified.statusCode, modified.body).toBe(201);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/versions/1/restore`,
      headers: { cookie },
    });
    expect(restored.statusCode, restored.body).toBe(201);
    expect((await keysOf(deckId)).filter((key) => key.includes('/v3/'))).toHaveLength(5);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(await keysOf(deckId)).toEqual([]);
  });

  it('moves files stored in the database out, resumably, serving them throughout', async () => {
    const deckId = await newDeck();
    // As an older portal stored them: the bytes in the row, nothing in the bucket.
    const { db } = t.app.services;
    const legacy = Array.from({ length: 5 }, (_, i) => ({
      deckId,
      name: `v9/legacy-${i}.svg`,
      contentType: 'image/svg+xml',
      content: Buffer.from(`<svg>${i}</svg>`),
    }));
    await db.insert(deckFiles).values(legacy);

    // A store that fails on its third write: the move stops there, like a killed process.
    let writes = 0;
    const failing: ObjectStore = {
      ...objects,
      put: async (...args) => {
        writes += 1;
        if (writes === 3) throw new Error('killed');
        return objects.put(...args);
      },
    };
    await expect(moveDatabaseFilesOut({ db, objects: failing }, { batchSize: 2 })).rejects.toThrow(
      'killed',
    );
    const stillInDb = await db.select().from(deckFiles).where(eq(deckFiles.deckId, deckId));
    expect(stillInDb.filter((row) => row.content !== null)).toHaveLength(3);
    // A file not moved yet is still served, from the database.
    const served = await t.app.services.fileStore.get(db, deckId, 'v9/legacy-4.svg');
    expect((await buffer(served!.body)).toString()).toBe('<svg>4</svg>');

    expect(await moveDatabaseFilesOut({ db, objects })).toBe(3);
    expect(await moveDatabaseFilesOut({ db, objects })).toBe(0);
    const after = await db.select().from(deckFiles).where(eq(deckFiles.deckId, deckId));
    expect(after.every((row) => row.content === null && row.sha256 !== null)).toBe(true);
    for (const file of legacy) {
      const object = await objects.get(`decks/${deckId}/${file.name}`);
      expect((await buffer(object!.body)).equals(file.content)).toBe(true);
    }
  });

  it('sweeps bytes no row names once they are an hour old, and nothing else', async () => {
    const deckId = await newDeck();
    await objects.put(
      'decks/00000000-0000-4000-8000-000000000001/v1/deck.pdf',
      Buffer.from('gone'),
      'application/pdf',
    );
    await objects.put(
      `decks/${deckId}/v7/deck.pdf`,
      Buffer.from('never committed'),
      'application/pdf',
    );
    const { db } = t.app.services;
    // Just written: a generation may be about to commit them.
    expect(await sweepOrphanFiles({ db, objects, now: new Date() })).toBe(0);
    const later = new Date(Date.now() + orphanGraceMs + 60_000);
    expect(await sweepOrphanFiles({ db, objects, now: later })).toBe(2);
    expect(
      await objects.get('decks/00000000-0000-4000-8000-000000000001/v1/deck.pdf'),
    ).toBeUndefined();
    expect(await keysOf(deckId)).toHaveLength(5);
  });
});

describe('uploads in object storage', () => {
  it('keeps an upload’s bytes in the bucket, its hash in the row, serves it and sweeps orphans', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#1fa9c0' },
    })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(201);
    const { id, url } = up.json() as { id: string; url: string };
    const { db } = t.app.services;
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ content: null, contentType: 'image/jpeg' });
    const stored = await objects.get(`uploads/${id}`);
    const bytes = await buffer(stored!.body);
    expect(row!.sha256).toBe(sha256Hex(bytes));
    const served = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    await objects.put(
      'uploads/00000000-0000-4000-8000-00000000000a',
      Buffer.from('orphan'),
      'image/png',
    );
    const later = new Date(Date.now() + orphanGraceMs + 60_000);
    await sweepOrphanFiles({ db, objects, now: later });
    expect(await objects.get('uploads/00000000-0000-4000-8000-00000000000a')).toBeUndefined();
    expect(await objects.get(`uploads/${id}`)).toBeDefined();
  });
  it('moves an upload stored in the database out, serving it before and after', async () => {
    const { db } = t.app.services;
    const [owner] = await db.select({ id: users.id }).from(users).limit(1);
    const bytes = Buffer.from('an old photo');
    // As an older portal stored it: the bytes in the row, nothing in the bucket.
    const [legacy] = await db
      .insert(uploads)
      .values({
        ownerId: owner!.id,
        kind: 'slide_picture',
        contentType: 'image/jpeg',
        content: bytes,
        byteSize: bytes.length,
      })
      .returning({ id: uploads.id });
    const serve = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${legacy!.id}`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    expect((await serve()).equals(bytes)).toBe(true);

    expect(await moveDatabaseFilesOut({ db, objects })).toBe(1);
    expect(await moveDatabaseFilesOut({ db, objects })).toBe(0);
    const [row] = await db.select().from(uploads).where(eq(uploads.id, legacy!.id));
    expect(row).toMatchObject({ content: null, sha256: sha256Hex(bytes) });
    expect((await buffer((await objects.get(`uploads/${legacy!.id}`))!.body)).equals(bytes)).toBe(
      true,
    );
    expect((await serve()).equals(bytes)).toBe(true);
  });
});

describe('downloads by signed address (S3_SIGNED_URL_SECONDS)', () => {
  it('redirects a caller who may download to a short-lived signed address, and no one else', async () => {
    const signing = createS3ObjectStore({
      bucket: s3.bucket,
      prefix: 'signed/',
      client: s3.clientConfig,
      signedUrlSeconds: 60,
    });
    const app = await createTestApp({
      deckRenderer: createFakeDeckRenderer(3),
      objectStore: signing,
    });
    try {
      const admin = (await createAdmin(app.app)).cookie;
      const generated = await app.app.inject({
        method: 'POST',
        url: '/api/generate-slides',
        headers: { cookie: admin, prefer: 'wait=60' },
        payload: draft,
      });
      const deckId = generated.json().presentationId as string;
      const download = await app.app.inject({
        method: 'GET',
        url: `/api/decks/${deckId}/download`,
        headers: { cookie: admin },
      });
      expect(download.statusCode).toBe(302);
      expect(download.headers['cache-control']).toBe('private, no-store');
      const location = new URL(download.headers.location!);
      expect(location.origin).toBe(s3.endpoint);
      expect(location.pathname).toBe(`/${s3.bucket}/signed/decks/${deckId}/v1/deck.pdf`);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      expect(await fetched.text()).toBe('%PDF-1.7 fake');
      expect(fetched.headers.get('content-disposition')).toContain('attachment');
      // Signed by the SDK's presigner (s3rver itself does not check signatures).
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      // Slides are still served through the portal; strangers get no address at all.
      const slide = await app.app.inject({
        method: 'GET',
        url: `/api/decks/${deckId}/slides/1`,
        headers: { cookie: admin },
      });
      expect(slide.statusCode).toBe(200);
      const anonymous = await app.app.inject({
        method: 'GET',
        url: `/api/decks/${deckId}/download`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers.location).toBeUndefined();
    } finally {
      await app.app.close();
    }
  });
});
