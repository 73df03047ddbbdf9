import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryPicturesResponse } from '@deck-portal/domain';
import { uploads, users } from '../src/db/schema.ts';
import { listLibraryPictures } from '../src/library/list-library-pictures.ts';
import { approvedAccount, createAdmin, requestAs } from './helpers/accounts.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// The picture library (issue 49): pictures uploaded before, found by name and tag, renamed and
// tagged by editors, chosen by anyone who builds decks.
const clock = createTestClock();
let t: TestApp;
const who = { admin: '', editor: '', rep: '', otherRep: '', manager: '' };
let repId = '';

beforeAll(async () => {
  t = await createTestApp({ clock });
  who.admin = (await createAdmin(t.app)).cookie;
  who.editor = (await approvedAccount(t.app, 'Cora Content', 'content_editor')).cookie;
  const rep = await approvedAccount(t.app, 'Reese Rep', 'sales_rep');
  who.rep = rep.cookie;
  who.otherRep = (await approvedAccount(t.app, 'Otto Other', 'sales_rep')).cookie;
  who.manager = (await approvedAccount(t.app, 'Mona Manager', 'manager')).cookie;
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, rep.account.email));
  repId = row!.id;
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#1FA9C0' } })
    .png()
    .toBuffer();

async function upload(cookie: string, url: string, fileName?: string) {
  clock.advance(1_000);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      origin: 'http://portal.test',
      'content-type': 'image/png',
      ...(fileName === undefined ? {} : { 'x-file-name': encodeURIComponent(fileName) }),
    },
    payload: await png(),
  });
}

async function list(cookie: string, query = '') {
  const response = await requestAs(t.app, cookie, 'GET', `/api/library/pictures${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LibraryPicturesResponse;
}

const names = (page: LibraryPicturesResponse) => page.pictures.map((picture) => picture.name);

describe('the picture library', () => {
  let rooftop = '';

  it('keeps an uploaded picture’s name, tags it from its words and lists it newest first', async () => {
    const first = await upload(who.editor, '/api/library/pictures', 'Rooftop-Array_2031.jpg');
    expect(first.statusCode, first.body).toBe(201);
    rooftop = first.json().id;
    await upload(who.admin, '/api/library/pictures', 'Heat pump on the roof.png');
    await upload(who.editor, '/api/library/pictures', 'Team photo.png');
    await upload(who.editor, '/api/library/pictures');

    const page = await list(who.rep);
    expect(names(page)).toEqual([
      'Untitled picture',
      'Team photo.png',
      'Heat pump on the roof.png',
      'Rooftop-Array_2031.jpg',
    ]);
    expect(page.pictures.at(-1)).toEqual({
      id: rooftop,
      address: `/api/uploads/${rooftop}`,
      name: 'Rooftop-Array_2031.jpg',
      tags: ['rooftop', 'array'],
      width: 40,
      height: 30,
      createdAt: expect.any(String),
      uploadedBy: { name: 'Cora Content', email: expect.stringContaining('@') },
      source: 'library',
    });
    expect(page.nextCursor).toBeNull();
    expect(page.tags).toEqual([
      { tag: 'array', count: 1 },
      { tag: 'heat', count: 1 },
      { tag: 'pump', count: 1 },
      { tag: 'roof', count: 1 },
      { tag: 'rooftop', count: 1 },
      { tag: 'team', count: 1 },
    ]);
  });

  it('finds pictures by the start of their words, case aside, and filters by a tag exactly', async () => {
    expect(names(await list(who.editor, '?q=ROOF'))).toEqual([
      'Heat pump on the roof.png',
      'Rooftop-Array_2031.jpg',
    ]);
    // Every word must match: "roof pump" is the heat pump only.
    expect(names(await list(who.editor, '?q=roof%20pump'))).toEqual(['Heat pump on the roof.png']);
    // Inside a word is not the start of one.
    expect(names(await list(who.editor, '?q=top'))).toEqual([]);
    expect(names(await list(who.editor, '?q=.*'))).toHaveLength(4);
    expect(names(await list(who.editor, '?tag=roof'))).toEqual(['Heat pump on the roof.png']);
    expect(names(await list(who.editor, '?tag=roo'))).toEqual([]);
    expect(names(await list(who.editor, '?tag=ROOFTOP&q=array'))).toEqual([
      'Rooftop-Array_2031.jpg',
    ]);
  });

  it('lets editors rename and retag a picture, and refuses bad input clearly', async () => {
    const url = `/api/library/pictures/${rooftop}`;
    const renamed = await requestAs(t.app, who.editor, 'PUT', url, {
      name: '  Solar roof, Northwind  ',
      tags: ['Solar', 'northwind', 'solar', 'flat roof'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Solar roof, Northwind',
      tags: ['solar', 'northwind', 'flat roof'],
    });
    expect(names(await list(who.rep, '?tag=flat%20roof'))).toEqual(['Solar roof, Northwind']);
    expect(names(await list(who.rep, '?q=north'))).toEqual(['Solar roof, Northwind']);
    // The address stays: slides that show the picture keep showing it.
    expect((await list(who.rep, '?tag=solar')).pictures[0]!.address).toBe(
      `/api/uploads/${rooftop}`,
    );

    const refusals = [
      [{}, 'Send a name, tags, or both.'],
      [{ name: '   ' }, 'Name is required.'],
      [{ tags: ['<b>'] }, 'A tag takes letters, digits, spaces and hyphens only.'],
      [{ tags: 'roof' }, 'Tags must be a list of words.'],
      [
        { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
        'A picture takes at most 20 tags.',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await requestAs(t.app, who.editor, 'PUT', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect((await requestAs(t.app, who.rep, 'PUT', url, { name: 'Mine' })).statusCode).toBe(403);
    expect((await requestAs(t.app, who.manager, 'PUT', url, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    const unknown = await requestAs(
      t.app,
      who.admin,
      'PUT',
      `/api/library/pictures/${randomUUID()}`,
      {
        name: 'Nothing',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await requestAs(t.app, who.admin, 'PUT', '/api/library/pictures/nope', { name: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('lists a rep’s own slide pictures for that rep only, when asked, and never lets them be retagged', async () => {
    const own = await upload(who.rep, '/api/uploads', 'Northwind roof survey.png');
    expect(own.statusCode, own.body).toBe(201);
    const mine = await list(who.rep, '?own=true&q=survey');
    expect(mine.pictures).toEqual([
      expect.objectContaining({
        name: 'Northwind roof survey.png',
        source: 'own',
        tags: ['northwind', 'roof', 'survey'],
      }),
    ]);
    expect(mine.tags).toContainEqual({ tag: 'survey', count: 1 });
    expect(names(await list(who.rep, '?q=survey'))).toEqual([]);
    expect(names(await list(who.otherRep, '?own=true&q=survey'))).toEqual([]);
    expect((await list(who.otherRep, '?own=true')).tags).not.toContainEqual({
      tag: 'survey',
      count: 1,
    });
    const retag = await requestAs(
      t.app,
      who.admin,
      'PUT',
      `/api/library/pictures/${own.json().id}`,
      {
        tags: ['library'],
      },
    );
    expect(retag.statusCode).toBe(404);
  });

  it('is listed to anyone who builds decks, and refuses a bad query with its field', async () => {
    for (const cookie of [who.admin, who.editor, who.manager, who.otherRep]) await list(cookie);
    expect((await requestAs(t.app, undefined, 'GET', '/api/library/pictures')).statusCode).toBe(
      401,
    );
    const cases = [
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['?cursor=has%20spaces', 'cursor'],
      ['?tag=%3Cscript%3E', 'tag'],
      ['?own=yes', 'own'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const;
    for (const [query, field] of cases) {
      const refused = await requestAs(t.app, who.rep, 'GET', `/api/library/pictures${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().error.fields ?? {}), query).toContain(field);
    }
  });
});

describe('listing pictures a page at a time', () => {
  it('pages 40 at a time by position, newest first, each picture once', async () => {
    const [owner] = await t.database.db.select({ id: users.id }).from(users).limit(1);
    const at = new Date('2030-01-01T00:00:00Z').getTime();
    // Pictures uploaded in the same millisecond still come once each, in a stable order.
    await t.database.db.insert(uploads).values(
      Array.from({ length: 85 }, (_, i) => ({
        ownerId: owner!.id,
        kind: 'library_picture' as const,
        contentType: 'image/png',
        byteSize: 1,
        name: `Paged ${i}`,
        tags: ['paged'],
        createdAt: new Date(at + Math.floor(i / 2) * 1_000),
      })),
    );
    const user = { id: repId } as Parameters<typeof listLibraryPictures>[1]['user'];
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await listLibraryPictures(t.database, { user, tag: 'paged', cursor });
      sizes.push(page.pictures.length);
      seen.push(...names(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([40, 40, 5]);
    expect(new Set(seen).size).toBe(85);
    expect(seen[0]).toBe('Paged 84');
    expect(seen.at(-1)).toMatch(/^Paged [01]$/);
    const counted = await listLibraryPictures(t.database, { user, q: 'paged' });
    expect(counted.tags[0]).toEqual({ tag: 'paged', count: 85 });
  });
});
