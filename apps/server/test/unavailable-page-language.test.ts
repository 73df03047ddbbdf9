import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A refused client link's page speaks the client's language (issue 50): the browser's, as the
// client page does for a link it cannot open, so the page still tells no link from another.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer() });
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const unknownToken = 'A'.repeat(43);
const open = (url: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

describe('the refused link page', () => {
  it('is in the first language the browser asks for that the client page speaks', async () => {
    const japanese = await open(`/v/${unknownToken}`, 'ja-JP,ja;q=0.9,en;q=0.8');
    expect(japanese.statusCode).toBe(404);
    expect(japanese.headers['content-type']).toContain('text/html');
    expect(japanese.body).toContain('<html lang="ja">');
    expect(japanese.body).toContain('リンクを開けません');
    // Right to left in Arabic; an unknown language gives way to the next one asked for.
    const arabic = await open(`/v/${unknownToken}`, 'ar-AE');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('الرابط غير متاح');
    const german = await open('/v/anything/else', 'xx, en;q=0.4, de;q=0.7');
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('Link nicht verfügbar');
  });

  it('is the English page when the browser names no language the page speaks', async () => {
    for (const header of [undefined, 'xx-YY', '*']) {
      const page = await open(`/v/${unknownToken}`, header);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('Link not available');
    }
  });
});
