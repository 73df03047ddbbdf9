import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from './helpers/test-app.ts';
import { useDecksWorld } from './helpers/decks-world.ts';

// A custom slide's pictures are drawn from what its layout places, whatever list of
// placeholders the draft carries with it: the draft's schema lets a caller of the API leave that
// list out, and a draft saved before its layout gained a picture carries an old one. A rep's
// upload named there must be in the deck, not left out as "not a valid URL" (issue 52's bench
// found it: its drafts name their uploads without the list).
const world = useDecksWorld();
const { cookies, generate, pictureDraft, uploadPicture } = world;
let t: TestApp;
beforeAll(() => {
  ({ t } = world);
});

it('draws a rep’s uploaded picture on a custom slide whose draft does not list the placeholders', async () => {
  const uploaded = await uploadPicture(cookies.rep, 320, 200, '#3c8d5a');
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { body } = pictureDraft(uploaded.json().url, { listsPlaceholders: false });
  expect(body.templateCustomization!.customSlides![0]).not.toHaveProperty('placeholders');

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
