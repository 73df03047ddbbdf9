import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { LayoutInfo } from '@deck-portal/domain';
import type { TestApp } from './helpers/test-app.ts';
import { useDecksWorld } from './helpers/decks-world.ts';

// A custom slide's pictures are drawn from what its layout places, whatever list of
// placeholders the draft carries with it: the draft's schema lets a caller of the API leave that
// list out, and a draft saved before its layout gained a picture carries an old one. A rep's
// upload named there must be in the deck, not left out as "not a valid URL" (issue 52's bench
// found it: its drafts name their uploads without the list).
const world = useDecksWorld();
const { cookies, draft, generate } = world;
let t: TestApp;
let slideIds: string[];
let layouts: LayoutInfo[];
beforeAll(() => {
  ({ t, slideIds, layouts } = world);
});

it('draws a rep’s uploaded picture on a custom slide whose draft does not list the placeholders', async () => {
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie: cookies.rep, 'content-type': 'image/png' },
    payload: await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#3c8d5a' },
    })
      .png()
      .toBuffer(),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const layout = layouts.find((l) => l.placeholders.some((p) => p.type === 'PICTURE'))!;
  const picture = layout.placeholders.find((p) => p.type === 'PICTURE')!;
  const body = draft({
    templateCustomization: {
      selectedSlides: slideIds.slice(0, 2),
      customSlides: [
        {
          id: 'picture-slide',
          layoutId: layout.id,
          placeholderContent: { [picture.objectId]: uploaded.json().url },
        },
      ],
    },
  });

  const res = await generate(cookies.rep, body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().warnings).toEqual([]);
  const { presentationId } = res.json();
  const slides = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(async (n) => {
      const svg = await t.app.inject({
        method: 'GET',
        url: `/api/decks/${presentationId}/slides/${n}`,
        headers: { cookie: cookies.rep },
      });
      return svg.body;
    }),
  );
  expect(slides.filter((svg) => svg.includes('<image ')).length).toBe(1);

  // Another rep naming the same upload still does not get the picture.
  const other = await generate(cookies.otherRep, body);
  expect(other.statusCode, other.body).toBe(201);
  expect(other.json().warnings.join(' ')).toContain(uploaded.json().url);
});
