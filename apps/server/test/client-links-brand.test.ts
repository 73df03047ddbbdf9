import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadIdOf } from '@deck-portal/domain';
import { uploads } from '../src/db/schema.ts';
import { uploadObjectKey } from '../src/uploads/store-upload.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { acceptanceBody, useClientLinkWorld } from './helpers/client-links-world.ts';

// The client's page wears the published brand: its logo in the header (and on the passcode
// screen, which reads the same sender answer), served through the link, as the slides draw it;
// the certificate appended to the accepted PDF wears the brand's colours.

// The deck's PDF is a real one (white pages), so the accepted PDF can be drawn and looked at.
const baseRenderer = createFakeDeckRenderer(3);
const w = useClientLinkWorld({
  deckRenderer: {
    ...baseRenderer,
    async generate(...args: Parameters<typeof baseRenderer.generate>) {
      const made = await baseRenderer.generate(...args);
      return { ...made, pdf: textPdf(['Proposal deck page']) };
    },
  },
});
const { cookies } = w;

/** Publishes the brand with `change` made to it (an admin edits the library's draft). */
async function publishBrand(change: (brand: { colors: object }) => object) {
  const opened = await w.get('/api/library/brand', { cookie: cookies.admin });
  const { brand, revision } = opened.json() as { brand: { colors: object }; revision: number };
  const saved = await w.t.app.inject({
    method: 'PUT',
    url: '/api/library/brand',
    headers: { cookie: cookies.admin },
    payload: { revision, brand: change(brand) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await w.post(
    '/api/library/publish',
    { note: 'Our brand' },
    { cookie: cookies.admin },
  );
  expect(published.statusCode, published.body).toBe(201);
}

/** The colour of each page's top-left corner, drawn by poppler: the certificate's header band. */
async function cornerColours(pdf: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'certificate-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '10', '-png', path.join(dir, 'a.pdf'), path.join(dir, 'p')]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    // Each page is read whole before sharp sees it, one after another: sharp never opens a path
    // in a folder this function removes.
    const colours: string[] = [];
    for (const name of pages) {
      const png = await readFile(path.join(dir, name));
      const { data } = await sharp(png)
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      colours.push([...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join(''));
    }
    return colours;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many pictures page `page` of the PDF draws, as poppler lists them. */
async function picturesOnPage(pdf: Buffer, page: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'certificate-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), pdf);
    const list = execFileSync(
      'pdfimages',
      ['-list', '-f', String(page), '-l', String(page), path.join(dir, 'a.pdf')],
      { encoding: 'utf8' },
    );
    // Two header lines, then one per picture (and one per soft mask, its transparency).
    return list
      .trim()
      .split('\n')
      .slice(2)
      .filter((line) => / image /.test(line)).length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function publishLogo() {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 4, background: '#E0553A' },
  })
    .png()
    .toBuffer();
  const uploaded = await w.t.app.inject({
    method: 'POST',
    url: '/api/library/pictures',
    headers: { cookie: cookies.admin, 'content-type': 'image/png' },
    payload: png,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const opened = await w.get('/api/library/brand', { cookie: cookies.admin });
  const { brand, revision } = opened.json() as { brand: object; revision: number };
  const saved = await w.t.app.inject({
    method: 'PUT',
    url: '/api/library/brand',
    headers: { cookie: cookies.admin },
    payload: { revision, brand: { ...brand, logo: uploaded.json().url } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await w.post(
    '/api/library/publish',
    { note: 'Our logo' },
    { cookie: cookies.admin },
  );
  expect(published.statusCode, published.body).toBe(201);
  return png;
}

describe('the brand on the client page', () => {
  it('names the published logo in the sender answer, before the passcode, and serves it through the link', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId, { passcode: 'harbor-7731' });
    const before = await w.get(`/api/client-view/${token}/sender`);
    expect(before.json().logoUrl).toBeNull();
    expect((await w.get(`/api/client-view/${token}/sender/logo`)).statusCode).toBe(404);

    const png = await publishLogo();
    const sender = await w.get(`/api/client-view/${token}/sender`);
    expect(sender.statusCode, sender.body).toBe(200);
    expect(sender.json().logoUrl).toBe(`/api/client-view/${token}/sender/logo`);
    const logo = await w.get(sender.json().logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('no-store');
    expect(logo.rawPayload.equals(png)).toBe(true);

    // Only through a working link.
    const unknown = 'A'.repeat(43);
    expect((await w.get(`/api/client-view/${unknown}/sender/logo`)).statusCode).toBe(404);
  });
});

describe('the certificate of acceptance', () => {
  it('is drawn in the published brand’s colours, with its logo', async () => {
    await publishLogo();
    await publishBrand((brand) => ({
      ...brand,
      colors: { ...brand.colors, primary: '3B1A66' },
    }));
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId, {
      acceptance: { enabled: true, optionalProductIds: [] },
    });
    const shown = (await w.get(`/api/client-view/${token}`)).json().acceptance;
    const accepted = await w.post(`/api/client-view/${token}/accept`, acceptanceBody(shown));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listed = await w.get(`/api/decks/${deckId}/proposal-responses`, {
      cookie: cookies.rep,
    });
    const certificate = await w.get(listed.json().responses[0].certificateUrl, {
      cookie: cookies.rep,
    });
    expect(certificate.statusCode).toBe(200);
    const corners = await cornerColours(certificate.rawPayload);
    // The deck's own page is white; the certificate's header band is the brand's primary.
    expect(corners).toEqual(['ffffff', '3b1a66']);
    expect(await picturesOnPage(certificate.rawPayload, 2)).toBeGreaterThan(0);
  });
});

describe('a published logo whose file is gone from the store', () => {
  it('is left out: the link has no logo to serve, and the client still accepts', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId, {
      acceptance: { enabled: true, optionalProductIds: [] },
    });
    await publishLogo();
    const opened = await w.get('/api/library/brand', { cookie: cookies.admin });
    const id = uploadIdOf((opened.json() as { brand: { logo: string } }).brand.logo)!;
    await w.t.database.db.update(uploads).set({ content: null }).where(eq(uploads.id, id));
    await w.t.app.services.objects.delete([uploadObjectKey(id)]);

    expect((await w.get(`/api/client-view/${token}/sender/logo`)).statusCode).toBe(404);
    const shown = (await w.get(`/api/client-view/${token}`)).json().acceptance;
    const accepted = await w.post(`/api/client-view/${token}/accept`, {
      fullName: 'Jane Client',
      jobTitle: 'Head of Operations',
      agree: true,
      optionalProductIds: [],
      totalCents: shown.summary.totalCents,
      termsSha256: shown.termsSha256,
      version: shown.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
