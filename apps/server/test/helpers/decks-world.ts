import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import type { DeckDraftInput, LayoutInfo } from '@deck-portal/domain';
import { decks } from '../../src/db/schema.ts';
import { approvedAccount, createAdmin } from './accounts.ts';
import { northwindDraft } from './northwind-draft.ts';
import { startSmtpMailbox, type SmtpMailbox } from './smtp-mailbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * What the deck test files share: one app per file on a fresh database, drawing decks with the
 * real renderer, its mail to a test mailbox; an admin, two reps, a manager and a colleague to
 * share decks with, signed in; a picture server on loopback; the library's slides and layouts.
 */

export type Who = 'admin' | 'rep' | 'otherRep' | 'manager' | 'recipient';

/**
 * Builds the world for the test file that calls it (in its top level). Its `t`, `mailbox`,
 * `pictureUrl`, `slideIds` and `layouts` are set once the file's `beforeAll` hooks run.
 */
export function useDecksWorld() {
  const cookies = {} as Record<Who, string>;
  const emails = {} as Record<Who, string>;
  let pictureServer: Server;

  const world = {
    cookies,
    emails,
    t: undefined as unknown as TestApp,
    mailbox: undefined as unknown as SmtpMailbox,
    pictureUrl: '',
    slideIds: [] as string[],
    layouts: [] as LayoutInfo[],

    draft(overrides: Partial<DeckDraftInput> = {}): DeckDraftInput {
      return {
        ...northwindDraft({
          slides: world.slideIds.slice(0, 6),
          products: [
            { id: 'battery_backup', quantity: 2, customPricing: 5500 },
            { id: 'data_logger', quantity: 120, customPricing: 29.99 },
          ],
          customPricing: { battery_backup: { total: '$11,150.00 (special offer)' } },
        }),
        ...overrides,
      };
    },

    /**
     * A draft of two library slides and a custom slide on the first layout with a picture,
     * `url` in that picture: its `body`, the `field` a refusal of the picture names, and the
     * picture's `objectId`. The custom slide carries its layout's name and placeholders as the
     * wizard sends them, unless `listsPlaceholders` is false: then only its layout and content,
     * as a caller of the API may send it.
     */
    pictureDraft(url: string, { listsPlaceholders = true } = {}) {
      const layout = world.layouts.find((l) => l.placeholders.some((p) => p.type === 'PICTURE'))!;
      const picture = layout.placeholders.find((p) => p.type === 'PICTURE')!;
      const body = world.draft({
        templateCustomization: {
          selectedSlides: world.slideIds.slice(0, 2),
          customSlides: [
            {
              id: 'picture-slide',
              layoutId: layout.id,
              ...(listsPlaceholders
                ? { layoutName: layout.name, placeholders: layout.placeholders }
                : {}),
              placeholderContent: { [picture.objectId]: url },
              ...(listsPlaceholders ? { keptPlaceholders: [] } : {}),
            },
          ],
        },
      });
      return {
        body,
        field: `templateCustomization.customSlides.0.placeholderContent.${picture.objectId}`,
        objectId: picture.objectId,
      };
    },

    /** A picture of one colour uploaded by the holder of `cookie`: the upload's answer. */
    async uploadPicture(cookie: string, width: number, height: number, background: string) {
      return world.t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie, 'content-type': 'image/png' },
        payload: await sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toBuffer(),
      });
    },

    /** Generates and waits for the deck to be made (the asynchronous answer has tests of its own). */
    generate(cookie: string, body: unknown, headers: Record<string, string> = {}) {
      return world.t.app.inject({
        method: 'POST',
        url: '/api/generate-slides',
        headers: { cookie, prefer: 'wait=60', ...headers },
        payload: body as object,
      });
    },

    async deckCount() {
      return (await world.t.app.services.db.select({ id: decks.id }).from(decks)).length;
    },
  };

  async function approved(role: 'sales_rep' | 'manager', key: Who) {
    const { account, cookie } = await approvedAccount(world.t.app, `${key} person`, role);
    cookies[key] = cookie;
    emails[key] = account.email;
  }

  beforeAll(async () => {
    world.mailbox = await startSmtpMailbox();
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    pictureServer = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    await new Promise<void>((resolve) => pictureServer.listen(0, '127.0.0.1', resolve));
    world.pictureUrl = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}/team.png`;

    world.t = await createTestApp({
      env: { SMTP_URL: world.mailbox.url },
      // The test's picture server is on loopback, which only a test may allow.
      deckRenderer: createDeckRenderer({ maxThreads: 1, images: { allowLoopbackForTests: true } }),
    });
    const admin = await createAdmin(world.t.app);
    cookies.admin = admin.cookie;
    emails.admin = admin.account.email;
    await approved('sales_rep', 'rep');
    await approved('sales_rep', 'otherRep');
    await approved('manager', 'manager');
    await approved('sales_rep', 'recipient');

    const library = await world.t.app.inject({
      method: 'GET',
      url: '/api/template-slides',
      headers: { cookie: cookies.rep },
    });
    world.slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
    const layoutRes = await world.t.app.inject({
      method: 'GET',
      url: '/api/template-layouts',
      headers: { cookie: cookies.rep },
    });
    world.layouts = layoutRes.json().layouts;
  }, 120_000);

  afterAll(async () => {
    await world.t.app.close();
    await world.mailbox.close();
    await new Promise((resolve) => pictureServer.close(resolve));
  });

  return world;
}
