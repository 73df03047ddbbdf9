import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useClientLinkWorld } from './helpers/client-links-world.ts';

// The client's page wears the published brand: its logo in the header (and on the passcode
// screen, which reads the same sender answer), served through the link, as the slides draw it.

const w = useClientLinkWorld();
const { cookies } = w;

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
