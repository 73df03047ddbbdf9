import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeckDraftInput, LayoutInfo } from '@deck-portal/domain';
import { deckFiles, decks, jobs, users } from '../src/db/schema.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useDecksWorld } from './helpers/decks-world.ts';

// Making a deck, and who may see it. The lists of who sees a deck page through the decks the
// generation tests made, so both stay in one file.
const world = useDecksWorld();
const { cookies, emails, draft, generate, deckCount, pictureDraft, uploadPicture } = world;
let t: TestApp;
let pictureUrl: string;
let slideIds: string[];
let layouts: LayoutInfo[];
beforeAll(() => {
  ({ t, pictureUrl, slideIds, layouts } = world);
});

describe('generation', () => {
  it('stores the deck with its PPTX, PDF and slides and answers the links', async () => {
    const res = await generate(cookies.rep, draft());
    expect(res.statusCode).toBe(201);
    const { presentationId, editUrl, pptxUrl, viewUrl, pdfUrl } = res.json();
    // The editable link opens the online editor; the PowerPoint file is its own address.
    expect(editUrl).toBe(`/deck/${presentationId}/edit`);
    expect(pptxUrl).toBe(`/api/decks/${presentationId}/pptx`);
    expect(viewUrl).toBe(`/deck/${presentationId}/view`);
    expect(pdfUrl).toBe(`/api/decks/${presentationId}/download`);

    const [row] = await t.app.services.db.select().from(decks).where(eq(decks.id, presentationId));
    expect(row).toMatchObject({
      title: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
      status: 'completed',
    });
    // 6 template slides, one pricing slide per product and the quote summary.
    expect(row!.slideCount).toBe(9);
    const files = await t.app.services.db
      .select({ name: deckFiles.name })
      .from(deckFiles)
      .where(eq(deckFiles.deckId, presentationId));
    expect(files.map((f) => f.name).sort()).toEqual(
      [
        'v1/deck.pdf',
        'v1/deck.pptx',
        ...Array.from({ length: 9 }, (_, i) => `v1/slide-${i + 1}.svg`),
      ].sort(),
    );

    const pdf = await t.app.inject({
      method: 'GET',
      url: pdfUrl,
      headers: { cookie: cookies.rep },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      // Named for the client's headline: a downloaded file gets forwarded.
      'attachment; filename="Proposal for Northwind Pharmacies.pdf"',
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pptx = await t.app.inject({
      method: 'GET',
      url: pptxUrl,
      headers: { cookie: cookies.rep },
    });
    expect(pptx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(pptx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const slides = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${presentationId}/slides`,
      headers: { cookie: cookies.rep },
    });
    expect(slides.json().slides).toHaveLength(9);
    const first = await t.app.inject({
      method: 'GET',
      url: slides.json().slides[0].url,
      headers: { cookie: cookies.rep },
    });
    expect(first.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(first.body).toContain('Northwind Pharmacies');
  });

  it('leaves out pricing slides when pricing is off', async () => {
    const body = draft();
    body.productSelection!.includePricing = false;
    const res = await generate(cookies.rep, body);
    const [row] = await t.app.services.db
      .select()
      .from(decks)
      .where(eq(decks.id, res.json().presentationId));
    expect(row!.slideCount).toBe(6);
  });

  it('makes a deck for a Japanese client in its locale, and keeps the locale with the draft', async () => {
    const body = draft();
    body.basicInfo = {
      ...body.basicInfo!,
      clientName: '株式会社トヨタ自動車',
      primaryContact: '山田 花子',
      locale: 'ja-JP',
    };
    const res = await generate(cookies.rep, body);
    expect(res.statusCode, res.body).toBe(201);
    const { presentationId } = res.json();
    const deck = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${presentationId}`,
      headers: { cookie: cookies.rep },
    });
    expect(deck.json().warnings).toEqual([]);
    expect(deck.json().draft.basicInfo.locale).toBe('ja-JP');
    const slides = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${presentationId}/slides`,
      headers: { cookie: cookies.rep },
    });
    const cover = await t.app.inject({
      method: 'GET',
      url: slides.json().slides[0].url,
      headers: { cookie: cookies.rep },
    });
    expect(cover.body).toContain('株式会社トヨタ自動車');
    // The draft's date as Japanese writes it (年, 月, 日), not as English does.
    const [year, month, day] = body.basicInfo.date!.split('-').map(Number);
    expect(cover.body).toContain(`${year}年${month}月${day}日`);

    const wrong = draft();
    wrong.basicInfo = { ...wrong.basicInfo!, locale: 'xx-XX' as never };
    const refused = await generate(cookies.rep, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose one of the listed languages for dates and figures');

    // The other tests here count the rep's decks as Northwind's.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${presentationId}`,
      headers: { cookie: cookies.rep },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('builds custom slides from every layout, pictures included, in advanced mode', async () => {
    const customSlides = layouts.map((layout, i) => ({
      id: `custom-${i}`,
      layoutId: layout.id,
      layoutName: layout.name,
      placeholders: layout.placeholders,
      placeholderContent: Object.fromEntries(
        layout.placeholders.map((p) => [
          p.objectId,
          ['PICTURE', 'MEDIA', 'ONLINE_IMAGE', 'SLIDE_IMAGE'].includes(p.type)
            ? pictureUrl
            : `${p.label} for Northwind ${i}`,
        ]),
      ),
    }));
    const body = draft({
      templateCustomization: { selectedSlides: slideIds.slice(0, 3), customSlides },
    });
    body.basicInfo!.mode = 'advanced';
    const res = await generate(cookies.rep, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings, JSON.stringify(res.json().warnings)).toEqual([]);
    const [row] = await t.app.services.db
      .select()
      .from(decks)
      .where(eq(decks.id, res.json().presentationId));
    // 3 template slides, 2 pricing slides and the quote summary, one slide per layout.
    expect(row!.slideCount).toBe(3 + 2 + 1 + layouts.length);
    expect(row!.draft.templateCustomization.customSlides).toHaveLength(layouts.length);
  });

  describe('pictures', () => {
    const post = (url: string, body: unknown, cookie = cookies.rep) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload: body as object });

    it('refuses to generate with a picture that cannot be fetched, and stores nothing', async () => {
      const before = await deckCount();
      const { body, field } = pictureDraft('http://10.0.0.1/private.png');
      const res = await generate(cookies.rep, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('pictures_unavailable');
      expect(res.json().error.fields[field]).toMatch(/^This picture cannot be used: .*private/);
      expect(await deckCount()).toBe(before);
    });

    it('generates with an empty frame when the rep keeps the placeholder', async () => {
      const { body, objectId } = pictureDraft('http://10.0.0.1/private.png');
      body.templateCustomization!.customSlides![0]!.keptPlaceholders = [objectId];
      const res = await generate(cookies.rep, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().warnings.join(' ')).toContain('http://10.0.0.1/private.png');
    });

    it('renders a picture the rep uploaded, and only their own', async () => {
      const upload = await uploadPicture(cookies.rep, 640, 480, '#1fa9c0');
      expect(upload.statusCode, upload.body).toBe(201);
      const { body } = pictureDraft(upload.json().url);
      const res = await generate(cookies.rep, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().warnings).toEqual([]);
      const slideTexts = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(async (index) => {
          const slide = await t.app.inject({
            method: 'GET',
            url: `/api/decks/${res.json().presentationId}/slides/${index}`,
            headers: { cookie: cookies.rep },
          });
          return slide.body;
        }),
      );
      expect(slideTexts.filter((svg) => svg.includes('<image ')).length).toBe(1);

      // Another rep naming the same upload gets the refusal, not the picture.
      const other = await generate(cookies.otherRep, body);
      expect(other.statusCode).toBe(422);
      expect(JSON.stringify(other.json().error.fields)).toContain('upload it again');
    });

    it('takes a picture the manager uploads when the manager makes the next version', async () => {
      const deckId = (await generate(cookies.rep, draft())).json().presentationId as string;
      const upload = await uploadPicture(cookies.manager, 320, 200, '#3c8d5a');
      const { body } = pictureDraft(upload.json().url);
      const version = await t.app.inject({
        method: 'POST',
        url: `/api/decks/${deckId}/versions`,
        headers: { cookie: cookies.manager, prefer: 'wait=60' },
        payload: body,
      });
      expect(version.statusCode, version.body).toBe(201);
      expect(version.json()).toMatchObject({ version: 2, warnings: [] });
    });

    it('checks one picture as the rep enters it', async () => {
      const good = await post('/api/pictures/check', { url: pictureUrl });
      expect(good.json()).toEqual({ ok: true, width: 64, height: 48 });
      const bad = await post('/api/pictures/check', { url: 'http://10.0.0.1/private.png' });
      expect(bad.json()).toMatchObject({ ok: false, reason: expect.stringContaining('private') });
      const gone = await post('/api/pictures/check', {
        url: '/api/uploads/0b5f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
      });
      expect(gone.json()).toMatchObject({
        ok: false,
        reason: expect.stringContaining('upload it again'),
      });
      expect((await post('/api/pictures/check', { url: ' ' })).statusCode).toBe(400);
    });

    it('names the characters of a text no font of the deck can draw', async () => {
      const res = await post('/api/text/check', {
        texts: ['東京 \u0378Foods', 'Café Ørsted شركة', ''],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ missing: ['U+0378'] });
      expect((await post('/api/text/check', { texts: ['Acme'] })).json()).toEqual({ missing: [] });
      expect((await post('/api/text/check', { texts: 'Acme' })).statusCode).toBe(400);
    });

    it('lists on step 4 what would stop or mar the deck, without rendering it', async () => {
      const { body, objectId } = pictureDraft('http://10.0.0.1/private.png');
      body.basicInfo!.clientName = '東京 \u0378Foods';
      const res = await post('/api/decks/preflight', body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().missingPictures).toEqual([
        {
          slideIndex: 0,
          objectId,
          url: 'http://10.0.0.1/private.png',
          reason: expect.stringContaining('private'),
        },
      ]);
      expect(res.json().warnings.join(' ')).toContain('no characters for U+0378');
      const fine = await post('/api/decks/preflight', pictureDraft(pictureUrl).body);
      expect(fine.json()).toEqual({ missingPictures: [], warnings: [] });
    });
  });

  it('answers a retried request with the same Idempotency-Key with the same deck', async () => {
    const before = await deckCount();
    const generationJobCount = async () =>
      (
        await t.app.services.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.kind, 'generate-deck'))
      ).length;
    const jobsBefore = await generationJobCount();
    const key = `retry-${Date.now()}`;
    const [first, second] = await Promise.all([
      generate(cookies.rep, draft(), { 'idempotency-key': key }),
      generate(cookies.rep, draft(), { 'idempotency-key': key }),
    ]);
    const third = await generate(cookies.rep, draft(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.json().presentationId).toBe(first.json().presentationId);
    expect(third.json().presentationId).toBe(first.json().presentationId);
    expect(await deckCount()).toBe(before + 1);
    // One generation job more, the standing deck's: a loser's went with its deck.
    expect(await generationJobCount()).toBe(jobsBefore + 1);
    const ofDeck = await t.app.services.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.subjectId, first.json().presentationId));
    expect(ofDeck).toHaveLength(1);
  });

  it.each([
    [
      'a blank title',
      (d: DeckDraftInput) => (d.basicInfo!.deckTitle = '   '),
      'basicInfo.deckTitle',
      'Deck title is required',
    ],
    [
      'no client',
      (d: DeckDraftInput) => (d.basicInfo!.clientName = ''),
      'basicInfo.clientName',
      'Client name is required',
    ],
    [
      'no date',
      (d: DeckDraftInput) => (d.basicInfo!.date = ''),
      'basicInfo.date',
      'Date is required',
    ],
    [
      'no products',
      (d: DeckDraftInput) => (d.productSelection!.selectedProducts = []),
      'productSelection.selectedProducts',
      'Please select at least one product',
    ],
    [
      'a zero quantity',
      (d: DeckDraftInput) => (d.productSelection!.selectedProducts[0]!.quantity = 0),
      'productSelection.selectedProducts.0.quantity',
      'Quantity must be at least 1',
    ],
    [
      'a negative price',
      (d: DeckDraftInput) => (d.productSelection!.selectedProducts[0]!.customPricing = -1),
      'productSelection.selectedProducts.0.customPricing',
      'Price must be at least 0',
    ],
    [
      'no slides',
      (d: DeckDraftInput) => (d.templateCustomization!.selectedSlides = []),
      'templateCustomization.selectedSlides',
      'Please select at least one slide',
    ],
    [
      'an empty custom slide',
      (d: DeckDraftInput) =>
        (d.templateCustomization!.customSlides = [
          {
            id: 'c1',
            layoutId: 'title-body',
            layoutName: 'Title and body',
            placeholders: [{ objectId: 'title', label: 'Title', type: 'TITLE' }],
            placeholderContent: { title: '  ' },
          },
        ]),
      'templateCustomization.customSlides.0.placeholderContent',
      'Please fill in at least one field for this custom slide',
    ],
  ])('refuses %s with a field message and stores nothing', async (_name, spoil, field, message) => {
    const before = await deckCount();
    const body = draft();
    spoil(body);
    const res = await generate(cookies.rep, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await deckCount()).toBe(before);
  });

  it('refuses unknown template slides and unknown layouts with a clear message', async () => {
    const before = await deckCount();
    const res = await generate(
      cookies.rep,
      draft({ templateCustomization: { selectedSlides: ['no-such-slide'], customSlides: [] } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['templateCustomization.selectedSlides']).toBe(
      'Unknown template slides: no-such-slide',
    );
    const layout = await generate(
      cookies.rep,
      draft({
        templateCustomization: {
          selectedSlides: slideIds.slice(0, 1),
          customSlides: [
            {
              id: 'c1',
              layoutId: 'no-such-layout',
              layoutName: 'Nothing',
              placeholders: [],
              placeholderContent: {},
            },
          ],
        },
      }),
    );
    expect(layout.statusCode).toBe(400);
    expect(layout.json().error.fields['templateCustomization.customSlides.0.layoutId']).toBe(
      'Unknown layout: no-such-layout',
    );
    expect(await deckCount()).toBe(before);
  });

  it('is for approved users only', async () => {
    expect((await generate('', draft())).statusCode).toBe(401);
  });
});

describe('who sees a deck', () => {
  let deckId: string;
  beforeAll(async () => {
    deckId = (await generate(cookies.rep, draft())).json().presentationId;
  });

  const endpoints = (id: string) => [
    `/api/decks/${id}`,
    `/api/decks/${id}/download`,
    `/api/decks/${id}/pptx`,
    `/api/decks/${id}/slides`,
    `/api/decks/${id}/slides/1`,
  ];

  it('sends the PDF and the PPTX as they are, even to a browser that accepts compression', async () => {
    for (const url of [`/api/decks/${deckId}/download`, `/api/decks/${deckId}/pptx`]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookies.rep, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('lets the owner, a manager and an admin open every endpoint', async () => {
    for (const who of ['rep', 'manager', 'admin'] as const) {
      for (const url of endpoints(deckId)) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
        expect(res.statusCode, `${who} ${url}`).toBe(200);
      }
    }
  });

  it('tells another rep the deck does not exist, and changes nothing', async () => {
    for (const url of [...endpoints(deckId), `/api/decks/${deckId}/shares`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.otherRep } });
      expect(res.statusCode, url).toBe(404);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.otherRep },
    });
    expect(del.statusCode).toBe(404);
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: { cookie: cookies.otherRep },
      payload: { presentationId: deckId, email: 'friend@example.com' },
    });
    expect(share.statusCode).toBe(404);
    expect(await t.app.services.db.select().from(decks).where(eq(decks.id, deckId))).toHaveLength(
      1,
    );
  });

  it('answers 404 for ids that are not decks and 401 to anonymous callers', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/decks/00000000-0000-0000-0000-000000000000',
      headers: { cookie: cookies.rep },
    });
    expect(unknown.statusCode).toBe(404);
    const garbage = await t.app.inject({
      method: 'GET',
      url: "/api/decks/'; drop table decks;--",
      headers: { cookie: cookies.rep },
    });
    expect(garbage.statusCode).toBe(404);
    for (const url of endpoints(deckId)) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lists a rep their own decks only, and everyone to managers', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/recent-decks',
      headers: { cookie: cookies.rep },
    });
    expect(mine.json().recentDecks.length).toBeGreaterThan(0);
    expect(mine.json().recentDecks[0]).toMatchObject({
      clientName: 'Northwind Pharmacies',
      productNames: ['Battery Backup', 'Data Logger'],
      isDraft: false,
    });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/recent-decks',
      headers: { cookie: cookies.otherRep },
    });
    expect(others.json().recentDecks).toEqual([]);
    const [repRow] = await t.app.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, emails.rep));
    const snooping = await t.app.inject({
      method: 'GET',
      url: `/api/recent-decks?userId=${repRow!.id}`,
      headers: { cookie: cookies.otherRep },
    });
    expect(snooping.statusCode).toBe(403);
    const managerView = await t.app.inject({
      method: 'GET',
      url: `/api/recent-decks?userId=${repRow!.id}`,
      headers: { cookie: cookies.manager },
    });
    expect(managerView.json().total).toBe(mine.json().total);

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/decks?scope=all&client=northwind&pageSize=2',
      headers: { cookie: cookies.manager },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().recentDecks).toHaveLength(2);
    expect(all.json().total).toBeGreaterThanOrEqual(mine.json().total);
    const dates = all.json().recentDecks.map((d: { createdAt: string }) => d.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const repAll = await t.app.inject({
      method: 'GET',
      url: '/api/decks?scope=all',
      headers: { cookie: cookies.rep },
    });
    expect(repAll.statusCode).toBe(403);
  });

  it('pages the managers’ list by position: every deck once, newest first, to the last page', async () => {
    const list = (query: string, pageSize = 3) =>
      t.app.inject({
        method: 'GET',
        url: `/api/decks?scope=all&pageSize=${pageSize}${query}`,
        headers: { cookie: cookies.manager },
      });
    const first = await list('');
    const total = first.json().total as number;
    expect(first.json().totalIsCapped).toBe(false);
    const seen: string[] = [];
    let answer = first.json();
    for (;;) {
      seen.push(...answer.recentDecks.map((deck: { id: string }) => deck.id));
      if (!answer.nextCursor) break;
      const next = await list(`&after=${answer.nextCursor}`);
      expect(next.statusCode, next.body).toBe(200);
      answer = next.json();
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const paged = await list('&page=1', 100);
    expect(seen).toEqual(
      paged
        .json()
        .recentDecks.map((deck: { id: string }) => deck.id)
        .slice(0, total),
    );

    const forged = await list('&after=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(
      'This list position is not valid. Start again from the first page.',
    );
  });
});
