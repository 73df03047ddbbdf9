import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { auditLog, uploads } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';

// The brand's own font: uploaded by a content editor (checked to be a font), named by the
// brand, previewed, published, and then the font of every new deck's PDF and PPTX.
const require = createRequire(import.meta.url);
const lora = (weight: number) =>
  readFileSync(require.resolve(`@fontsource/lora/files/lora-latin-${weight}-normal.woff2`));

let t: TestApp;
const cookies: Record<'admin' | 'editor' | 'rep', string> = { admin: '', editor: '', rep: '' };

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof cookies;

function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return requestAs(t.app, cookies[who], method, url, payload);
}

const upload = (who: Who, bytes: Buffer, type = 'font/woff2') =>
  t.app.inject({
    method: 'POST',
    url: '/api/library/fonts',
    headers: { cookie: cookies[who], origin: 'http://portal.test', 'content-type': type },
    payload: bytes,
  });

async function fontRows() {
  return t.database.db.select().from(uploads).where(eq(uploads.kind, 'library_font'));
}

describe('brand fonts', () => {
  it('takes TrueType, OpenType and WOFF2 from editors, and refuses what is not a font', async () => {
    expect((await upload('rep', lora(400))).statusCode).toBe(403);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (const [bytes, type] of [
      [png, 'font/ttf'],
      [Buffer.from('not a font at all'), 'application/octet-stream'],
      [lora(400).subarray(0, 200), 'font/woff2'],
    ] as const) {
      const refused = await upload('editor', bytes, type);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields.file).toMatch(
        /^This file (is not a TrueType, OpenType or WOFF2 font|is a WOFF2 file that could not be unpacked)\. Upload a TrueType \(\.ttf\), OpenType \(\.otf\) or WOFF2 \(\.woff2\) font\.$/,
      );
    }
    const tooBig = await upload('editor', Buffer.alloc(11 * 1024 * 1024), 'font/ttf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Font files can be at most 10 MB.');
    expect(await fontRows()).toHaveLength(0);

    const stored = await upload('editor', lora(400));
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ familyName: 'Lora', styleName: 'Regular' });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'library.font_uploaded'));
    expect(audited.map((row) => row.newValue)).toEqual([
      `Lora Regular (${stored.json().url as string})`,
    ]);
    const [row] = await fontRows();
    // Stored as the TrueType font inside the WOFF2 file: what the engine shapes and embeds.
    expect(row).toMatchObject({ contentType: 'font/ttf' });
  });

  it('sets new decks in the brand font once published; a deck made before keeps Inter', async () => {
    const deck = async () => {
      const made = await call('rep', 'POST', '/api/generate-slides', {
        basicInfo: {
          deckTitle: 'Font check',
          clientName: 'Harbor Fresh Foods',
          date: '2026-11-21',
        },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
        },
        templateCustomization: { selectedSlides: ['title', 'about-us'] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().presentationId as string;
      const pdf = await call('rep', 'GET', `/api/decks/${id}/download`);
      return { id, pdf: pdf.rawPayload.toString('latin1') };
    };
    const before = await deck();
    expect(before.pdf).toMatch(/\+Inter/);

    const regular = (await upload('editor', lora(400))).json().url as string;
    const bold = (await upload('editor', lora(700))).json().url as string;
    const opened = (await call('editor', 'GET', '/api/library/brand')).json() as {
      brand: object;
      revision: number;
    };
    const wrong = await call('editor', 'PUT', '/api/library/brand', {
      revision: opened.revision,
      brand: {
        ...opened.brand,
        font: { regular: '/api/uploads/00000000-0000-4000-8000-000000000000' },
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields['brand.font.regular']).toBe(
      'must be a font uploaded to the library',
    );

    const preview = await call('editor', 'POST', '/api/library/brand/preview', {
      brand: { ...opened.brand, font: { regular, bold } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json().slides as { svg: string }[])[0]!.svg).toMatch(/id="brand-[0-9a-f]{12}-/);

    const saved = await call('editor', 'PUT', '/api/library/brand', {
      revision: opened.revision,
      brand: { ...opened.brand, font: { regular, bold } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fontNames).toEqual({ [regular]: 'Lora Regular', [bold]: 'Lora Bold' });
    const published = await call('editor', 'POST', '/api/library/publish', { note: 'Lora' });
    expect(published.statusCode, published.body).toBe(201);

    const after = await deck();
    expect(after.pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+Lora-Regular/);
    expect(after.pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+Lora-Bold/);
    // The deck made before is the file it was.
    const old = await call('rep', 'GET', `/api/decks/${before.id}/download`);
    expect(old.rawPayload.toString('latin1')).not.toMatch(/Lora/);
  }, 120_000);
});
