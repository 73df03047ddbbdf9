import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { deckVersions } from '../src/db/schema.ts';
import { fakeRenderer, useClientLinkWorld } from './helpers/client-links-world.ts';

const world = useClientLinkWorld();

function send(
  method: 'PATCH' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  cookie: string,
  body?: Buffer | object,
  type?: string,
) {
  return world.t.app.inject({
    method,
    url,
    headers: { cookie, ...(type ? { 'content-type': type } : {}) },
    ...(body === undefined ? {} : { payload: body as never }),
  });
}

function picture(width: number, height: number, format: 'png' | 'webp' = 'png') {
  const image = sharp({ create: { width, height, channels: 3, background: '#1fa9c0' } });
  return (format === 'png' ? image.png() : image.webp()).toBuffer();
}

describe('the rep’s profile', () => {
  it('keeps name, job title and phone; blank fields are cleared', async () => {
    const cookie = world.cookies.rep;
    const before = await world.get('/api/profile', { cookie });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ email: world.emails.rep, jobTitle: null, phone: null });

    const saved = await send('PATCH', '/api/profile', cookie, {
      name: '  Ana Ruiz ',
      jobTitle: 'Account Executive',
      phone: '+1 (555) 010-0100',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Ana Ruiz',
      jobTitle: 'Account Executive',
      phone: '+1 (555) 010-0100',
    });

    const cleared = await send('PATCH', '/api/profile', cookie, {
      name: 'Ana Ruiz',
      jobTitle: '',
      phone: ' ',
    });
    expect(cleared.json()).toMatchObject({ jobTitle: null, phone: null });
  });

  it('refuses a phone that is not one, and changes nothing', async () => {
    const cookie = world.cookies.otherRep;
    await send('PATCH', '/api/profile', cookie, {
      name: 'Bo Chen',
      jobTitle: 'AE',
      phone: '555 0100',
    });
    const refused = await send('PATCH', '/api/profile', cookie, {
      name: 'Bo Chen',
      jobTitle: 'Changed',
      phone: 'call me',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter a phone number with digits');
    expect((await world.get('/api/profile', { cookie })).json()).toMatchObject({
      jobTitle: 'AE',
      phone: '555 0100',
    });
  });

  it('takes a photo, serves it square and small, and deletes the old one when replaced', async () => {
    const cookie = world.cookies.manager;
    const first = await send(
      'PUT',
      '/api/profile/photo',
      cookie,
      await picture(1200, 800),
      'image/png',
    );
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().photoUrl as string;
    expect(firstUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const served = await world.get(firstUrl, { cookie: world.cookies.rep });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(served.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([512, 512]);
    // The session knows the photo too (the portal's avatars).
    const session = await world.get('/api/auth/session', { cookie });
    expect(session.json().user.photoURL).toBe(firstUrl);

    const second = await send(
      'PUT',
      '/api/profile/photo',
      cookie,
      await picture(300, 300, 'webp'),
      'image/webp',
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().photoUrl).not.toBe(firstUrl);
    expect((await world.get(firstUrl, { cookie })).statusCode).toBe(404);

    const removed = await send('DELETE', '/api/profile/photo', cookie);
    expect(removed.json()).toMatchObject({ photoUrl: null, hasUploadedPhoto: false });
  });

  it('refuses what is not a picture with a clear message', async () => {
    const cookie = world.cookies.rep;
    const fake = await send(
      'PUT',
      '/api/profile/photo',
      cookie,
      Buffer.from('<svg/>not really'),
      'image/png',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toMatch(/not a picture we can use/);
    const asText = await send('PUT', '/api/profile/photo', cookie, 'hello' as never, 'text/plain');
    expect(asText.statusCode).toBe(415);
    const huge = await send(
      'PUT',
      '/api/profile/photo',
      cookie,
      Buffer.alloc(11 * 1024 * 1024),
      'image/png',
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('Pictures can be at most 10 MB.');
    expect((await world.get('/api/profile', { cookie })).json().photoUrl).toBeNull();
  });
});

describe('slide pictures', () => {
  it('are kept for their uploader, managers and admins only', async () => {
    const up = await send(
      'POST',
      '/api/uploads',
      world.cookies.rep,
      await picture(3000, 1000),
      'image/png',
    );
    expect(up.statusCode, up.body).toBe(201);
    const { url, width, height } = up.json();
    expect([width, height]).toEqual([2400, 800]);
    expect((await world.get(url, { cookie: world.cookies.rep })).statusCode).toBe(200);
    expect((await world.get(url, { cookie: world.cookies.manager })).statusCode).toBe(200);
    expect((await world.get(url, { cookie: world.cookies.admin })).statusCode).toBe(200);
    expect((await world.get(url, { cookie: world.cookies.otherRep })).statusCode).toBe(404);
    expect((await world.get(url)).statusCode).toBe(401);
  });
});

describe('the rep in the deck and on the client page', () => {
  it('renders each version with the owner’s profile and keeps it with the version', async () => {
    await send('PATCH', '/api/profile', world.cookies.rep, {
      name: 'Ana Ruiz',
      jobTitle: 'Account Executive',
      phone: '+1 555 0100',
    });
    const generate = vi.spyOn(fakeRenderer, 'generate');
    const deckId = await world.newDeck();
    const presenter = {
      name: 'Ana Ruiz',
      email: world.emails.rep,
      jobTitle: 'Account Executive',
      phone: '+1 555 0100',
    };
    expect(generate).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ presenter }),
    );
    const [version] = await world
      .db()
      .select()
      .from(deckVersions)
      .where(eq(deckVersions.deckId, deckId));
    expect(version!.presenter).toEqual(presenter);
    generate.mockRestore();
  });

  it('names the sender, with photo, before the passcode is given', async () => {
    const cookie = world.cookies.rep;
    await send('PUT', '/api/profile/photo', cookie, await picture(400, 400), 'image/png');
    const deckId = await world.newDeck();
    const { token, id } = await world.createLink(deckId, { passcode: 'harbor-7731' });
    expect((await world.get(`/api/client-view/${token}`)).statusCode).toBe(401);

    const sender = await world.get(`/api/client-view/${token}/sender`);
    expect(sender.statusCode, sender.body).toBe(200);
    expect(sender.json()).toEqual({
      companyName: 'Frostline',
      companyColors: expect.objectContaining({ primary: expect.stringMatching(/^[0-9A-F]{6}$/i) }),
      logoUrl: null,
      name: 'Ana Ruiz',
      jobTitle: 'Account Executive',
      photoUrl: `/api/client-view/${token}/sender/photo`,
      // The passcode screen speaks the deck's language (issue 50): English here.
      language: 'en',
      direction: 'ltr',
    });
    const photo = await world.get(sender.json().photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['cache-control']).toBe('no-store');

    await world.post(`/api/decks/${deckId}/client-links/${id}/revoke`, undefined, { cookie });
    expect((await world.get(`/api/client-view/${token}/sender`)).statusCode).toBe(404);
    expect((await world.get(`/api/client-view/${token}/sender/photo`)).statusCode).toBe(404);
  });
});
