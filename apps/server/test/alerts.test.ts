import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAlertSettings, type AlertSettings } from '@deck-portal/domain';
import { sendDailyDigests } from '../src/alerts/send-daily-digests.ts';
import { alertSettings, deckVersions, jobs, outboxMails } from '../src/db/schema.ts';
import { recordEvent } from '../src/events/record-event.ts';
import { newAddress, useClientLinkWorld } from './helpers/client-links-world.ts';

// Alerts (issue 51): what a rep is told of clients' visits, on the channels they chose, once
// each, with a storm of visits folded into one mail; the daily digest; Slack posts to a receiver.

const w = useClientLinkWorld({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
const { clock, cookies, emails, ids } = w;
const minute = 60_000;
const day = 24 * 60 * minute;

/** A local stand-in for Slack's incoming webhooks: records each body; answers as told. */
const slack = {
  server: undefined as http.Server | undefined,
  posts: [] as { path: string; body: { text: string } }[],
  /** Statuses to answer with, one per request, then 200. */
  failures: [] as number[],
  url: (path = '/hook') =>
    `http://127.0.0.1:${(slack.server!.address() as AddressInfo).port}${path}`,
};

beforeAll(async () => {
  slack.server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = slack.failures.shift() ?? 200;
      if (status === 200) {
        slack.posts.push({
          path: request.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
      }
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => slack.server!.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => slack.server?.close(resolve));
});

/** Waits until no job is due (queued or running with its time come) by the test's clock. */
async function settle() {
  for (let tries = 0; tries < 600; tries += 1) {
    const [due] = await w
      .db()
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(inArray(jobs.state, ['queued', 'running']), lte(jobs.runAt, clock.now())));
    if (Number(due!.count) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs did not settle');
}

/** Moves the test's clock on and lets the jobs that came due run. */
async function advance(ms: number) {
  await settle();
  clock.advance(ms);
  await settle();
}

/** Saves the rep's alert settings: the defaults changed by `change`. */
async function setAlerts(
  change: (settings: AlertSettings) => void,
  who: 'rep' | 'otherRep' = 'rep',
) {
  const settings = structuredClone(defaultAlertSettings);
  change(settings);
  const res = await w.t.app.inject({
    method: 'PUT',
    url: '/api/profile/alerts',
    headers: { cookie: cookies[who] },
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const allOff = (settings: AlertSettings) => {
  for (const kind of Object.keys(settings.kinds) as (keyof AlertSettings['kinds'])[]) {
    settings.kinds[kind] = { inApp: false, email: false, slack: false };
  }
};

async function notificationsAbout(title: string) {
  const res = await w.get('/api/notifications', { cookie: cookies.rep });
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as { message: string }[])
    .map((n) => n.message)
    .filter((message) => message.includes(`“${title}”`))
    .reverse();
}

async function mailsAbout(title: string) {
  const mails = await w.db().select().from(outboxMails).where(eq(outboxMails.to, emails.rep));
  return mails
    .filter((mail) => mail.text.includes(title))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** A deck of the rep's and a link to it. */
async function deckWithLink(title: string) {
  const deckId = await w.newDeck(cookies.rep, title);
  const link = await w.createLink(deckId);
  return { deckId, ...link };
}

describe('alert settings', () => {
  it('answer the defaults until the rep saves some, then what was saved', async () => {
    const before = await w.get('/api/profile/alerts', { cookie: cookies.otherRep });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ settings: defaultAlertSettings, hasWorkspaceSlack: false });
    await setAlerts((settings) => {
      settings.returnAfterDays = 3;
      settings.kinds.pricingViewed.email = true;
    }, 'otherRep');
    const after = (await w.get('/api/profile/alerts', { cookie: cookies.otherRep })).json();
    expect(after.settings.returnAfterDays).toBe(3);
    expect(after.settings.kinds.pricingViewed).toEqual({ inApp: true, email: true, slack: false });
  });
});

describe('batching', () => {
  it(
    'folds ten visits in a minute into one mail listing them, five minutes after the last mail',
    { timeout: 120_000 },
    async () => {
      await setAlerts((settings) => {
        settings.kinds.everyVisit.email = true;
        settings.kinds.newViewer.inApp = false;
      });
      const { token } = await deckWithLink('Storm deck');
      // The first visit's first-open mail goes at once.
      for (let visit = 0; visit < 10; visit += 1) {
        const { visitId } = await w.startVisit(token, { ip: newAddress() });
        await advance(6_000);
        const sent = await w.sendEvents(token, visitId!, [{ slide: 1, view: 1, ms: 4_000 }]);
        expect(sent.statusCode, sent.body).toBe(204);
      }
      const firstMails = await mailsAbout('Storm deck');
      expect(firstMails.map((mail) => mail.subject)).toEqual([
        'Jane Client opened your deck: Storm deck',
      ]);

      // Three minutes into each visit its alert is raised; they wait for the five minutes to pass.
      await advance(3 * minute);
      expect(await mailsAbout('Storm deck')).toHaveLength(1);
      expect(
        (await notificationsAbout('Storm deck')).filter((m) => m.includes('is viewing')),
      ).toHaveLength(10);
      await advance(2 * minute);

      const mails = await mailsAbout('Storm deck');
      expect(mails).toHaveLength(2);
      const batch = mails[1]!;
      expect(batch.subject).toBe('10 new visits on “Storm deck”');
      const lines = batch.text
        .split('\n')
        .filter((line) => line.includes('is viewing “Storm deck”'));
      expect(lines).toHaveLength(10);
      expect(lines[0]).toContain('So far: 1 slide in 4 s.');
    },
  );
});

describe('quiet days', () => {
  it('tell of a return after the rep’s days of silence, and not of one after two days', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.kinds.returnAfterSilence.inApp = true;
    });
    const { token } = await deckWithLink('Quiet deck');
    const first = await w.post(`/api/client-view/${token}/visits`);
    expect(first.statusCode).toBe(201);
    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await advance(2 * day);
    await w.startVisit(token, { cookie });
    await advance(minute);
    expect(await notificationsAbout('Quiet deck')).toEqual([]);

    // Eight days on (the rep signed in halfway, so their session stays), the client is back.
    await advance(4 * day);
    expect(await notificationsAbout('Quiet deck')).toEqual([]);
    await advance(4 * day);
    await w.startVisit(token, { cookie });
    await advance(minute);
    expect(await notificationsAbout('Quiet deck')).toEqual([
      'Jane Client came back to “Quiet deck” after 8 days without a visit.',
    ]);
  });
});

describe('each kind on or off', () => {
  it('raises nothing with every kind off', async () => {
    await setAlerts(allOff);
    const { token } = await deckWithLink('Silent deck');
    await w.startVisit(token);
    await w.startVisit(token, { ip: newAddress() });
    await advance(10 * minute);
    expect(await notificationsAbout('Silent deck')).toEqual([]);
    expect(await mailsAbout('Silent deck')).toEqual([]);
  });

  it('tells the first open in the portal only when its mail is off, and a forwarded link', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.kinds.firstOpen.inApp = true;
      settings.kinds.newViewer.inApp = true;
    });
    const { token } = await deckWithLink('Portal deck');
    await w.startVisit(token);
    await w.startVisit(token, { ip: newAddress() });
    await advance(minute);
    // Both raised at one moment: in either order.
    expect((await notificationsAbout('Portal deck')).sort()).toEqual([
      'Jane Client opened “Portal deck” for the first time.',
      'Someone new opened “Portal deck”, on the link sent to Jane Client: it may have been forwarded.',
    ]);
    expect(await mailsAbout('Portal deck')).toEqual([]);
  });

  it('tells of pricing viewed once a visit, when a priced slide had five seconds', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.kinds.pricingViewed.inApp = true;
    });
    const { deckId, token } = await deckWithLink('Priced deck');
    await w
      .db()
      .update(deckVersions)
      .set({
        slidePlan: [
          { key: 'a', priced: false },
          { key: 'b', priced: true },
          { key: 'c', priced: false },
        ],
      })
      .where(eq(deckVersions.deckId, deckId));
    const { visitId } = await w.startVisit(token);
    clock.advance(30_000);
    expect(
      (
        await w.sendEvents(token, visitId!, [
          { slide: 1, view: 1, ms: 9_000 },
          { slide: 2, view: 2, ms: 3_000 },
        ])
      ).statusCode,
    ).toBe(204);
    await advance(minute);
    expect(await notificationsAbout('Priced deck')).toEqual([]);
    expect(
      (await w.sendEvents(token, visitId!, [{ slide: 2, view: 2, ms: 2_500 }])).statusCode,
    ).toBe(204);
    await advance(minute);
    expect(
      (await w.sendEvents(token, visitId!, [{ slide: 2, view: 3, ms: 9_000 }])).statusCode,
    ).toBe(204);
    await advance(minute);
    expect(await notificationsAbout('Priced deck')).toEqual([
      'Jane Client is looking at the pricing of “Priced deck”.',
    ]);
  });

  it('tells of an acceptance and a decline as the rep chose', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.kinds.accepted = { inApp: true, email: true, slack: false };
    });
    const { deckId, id: linkId } = await deckWithLink('Answered deck');
    const services = w.t.app.services;
    for (const type of ['proposal.accepted', 'proposal.declined'] as const) {
      await services.db.transaction((tx) =>
        recordEvent(tx, clock, {
          type,
          deckId,
          linkId,
          ownerId: ids.rep,
          data: {
            deck: { id: deckId, title: 'Answered deck', clientName: 'Northwind', ownerId: ids.rep },
            link: {
              id: linkId,
              recipientName: 'Jane Client',
              recipientEmail: 'jane@northwind.example',
            },
            response: {
              name: 'Jane Client',
              email: 'jane@northwind.example',
              total: 1000,
              currency: 'USD',
            },
          },
        }),
      );
    }
    await advance(minute);
    expect(await notificationsAbout('Answered deck')).toEqual([
      'Jane Client accepted “Answered deck”.',
    ]);
    expect((await mailsAbout('Answered deck')).map((mail) => mail.subject)).toEqual([
      'Jane Client accepted “Answered deck”',
    ]);
  });
});

describe('Slack', () => {
  it('posts the rep’s alerts to their address, retried after the receiver fails', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.kinds.firstOpen.slack = true;
      settings.slackWebhookUrl = slack.url('/rep');
    });
    const { token } = await deckWithLink('Slack deck');
    slack.failures.push(500);
    await w.startVisit(token);
    await advance(minute);
    const posts = slack.posts.filter((post) => post.path === '/rep');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.text).toMatch(
      /^Jane Client opened “Slack deck” for the first time\. <http:\/\/portal\.test\/.+\|Open>$/,
    );
  });

  it('sends a test to the address in the form', async () => {
    const res = await w.post(
      '/api/profile/alerts/slack-test',
      { slackWebhookUrl: slack.url('/test') },
      { cookie: cookies.rep },
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(
      slack.posts.filter((post) => post.path === '/test').map((post) => post.body.text),
    ).toEqual(['A test from Deck Portal: rep person’s alerts will arrive here.']);
    slack.failures.push(404);
    const failed = await w.post(
      '/api/profile/alerts/slack-test',
      { slackWebhookUrl: slack.url('/gone') },
      { cookie: cookies.rep },
    );
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.fields.slackWebhookUrl).toBe('Slack answered 404.');
  });
});

describe('daily digest', () => {
  it('mails yesterday’s visits, products and answers once a day, and nothing after a quiet day', async () => {
    await setAlerts((settings) => {
      allOff(settings);
      settings.dailyDigest = true;
    });
    // Another rep asked for it too, and had a quiet day (stored: the tests' days ended their session).
    await w
      .db()
      .insert(alertSettings)
      .values({ userId: ids.otherRep, settings: { ...defaultAlertSettings, dailyDigest: true } })
      .onConflictDoUpdate({
        target: alertSettings.userId,
        set: { settings: { ...defaultAlertSettings, dailyDigest: true } },
      });
    // Midday of a day of its own.
    clock.set(new Date(Math.ceil(clock.now().getTime() / day) * day + 12 * 3600_000));
    const { deckId, token, id: linkId } = await deckWithLink('Digest deck');
    const { visitId } = await w.startVisit(token);
    clock.advance(minute);
    await w.sendEvents(token, visitId!, [
      { slide: 1, view: 1, ms: 40_000 },
      { slide: 2, view: 2, ms: 15_000 },
    ]);
    const deck = { id: deckId, title: 'Digest deck', clientName: 'Northwind', ownerId: ids.rep };
    const link = {
      id: linkId,
      recipientName: 'Jane Client',
      recipientEmail: 'jane@northwind.example',
    };
    await w.t.app.services.db.transaction(async (tx) => {
      await recordEvent(tx, clock, {
        type: 'visit.ended',
        deckId,
        linkId,
        ownerId: ids.rep,
        data: {
          deck,
          link,
          totalSeconds: 55,
          products: [
            { productId: 'battery', name: 'Battery Backup', seconds: 40 },
            { productId: 'general', name: 'General', seconds: 15 },
          ],
        },
      });
      await recordEvent(tx, clock, {
        type: 'proposal.accepted',
        deckId,
        linkId,
        ownerId: ids.rep,
        data: { deck, link, response: { name: 'Jane Client', total: 1000, currency: 'USD' } },
      });
    });
    await advance(minute);

    clock.set(new Date(Math.ceil(clock.now().getTime() / day) * day + 7 * 3600_000));
    const services = w.t.app.services;
    // The hourly job may have sent it already; run by hand, twice, it is still one mail.
    await sendDailyDigests(services);
    await sendDailyDigests(services);
    await settle();
    const digests = (await mailsAbout('Digest deck')).filter((mail) =>
      mail.subject.startsWith('Yesterday'),
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/^Yesterday on your decks \(.+\): 1 visit$/);
    expect(digests[0]!.text).toContain('“Digest deck”: 1 visit, 55 s');
    expect(digests[0]!.text).toContain('Most viewed: Battery Backup (40 s)');
    expect(digests[0]!.text).toContain('Accepted: “Digest deck” by Jane Client');
    const otherMails = await w
      .db()
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, emails.otherRep));
    expect(otherMails.filter((mail) => mail.subject.startsWith('Yesterday'))).toEqual([]);

    // The day after, nothing happened: no mail.
    clock.advance(day);
    expect(await sendDailyDigests(services)).toBe(0);
    await w.db().delete(alertSettings).where(eq(alertSettings.userId, ids.otherRep));
  });
});
