import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeckDraftInput } from '@deck-portal/domain';
import { deckVersions, outboxMails } from '../src/db/schema.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { useClientLinkWorld } from './helpers/client-links-world.ts';

// The client's page and the mails a client gets follow the deck's language (issue 50).

// A real PDF, so an acceptance can add its certificate to it.
const baseRenderer = createFakeDeckRenderer(3);
const w = useClientLinkWorld({
  deckRenderer: {
    ...baseRenderer,
    async generate(...args: Parameters<typeof baseRenderer.generate>) {
      return { ...(await baseRenderer.generate(...args)), pdf: textPdf(['Proposal deck page']) };
    },
  },
});
const { cookies } = w;

/** A priced deck in `language` (with acceptance possible), made as the rep. */
async function deckIn(language: string | undefined, headline = 'Cold chain proposal') {
  const draft: DeckDraftInput = northwindDraft({
    slides: w.slideIds.slice(0, 3),
    products: [{ id: 'controller', quantity: 3, customPricing: 199 }],
  });
  draft.basicInfo = { ...draft.basicInfo, headline, ...(language ? { language } : {}) };
  const res = await w.post('/api/generate-slides', draft, {
    cookie: cookies.rep,
    headers: { prefer: 'wait=60' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

const mailsTo = (addresses: string[]) =>
  w.db().select().from(outboxMails).where(inArray(outboxMails.to, addresses));

describe("the client's page names the deck's language", () => {
  it('answers an Arabic deck as right to left, on the passcode screen already', async () => {
    const deckId = await deckIn('ar');
    const { token } = await w.createLink(deckId, { passcode: 'blue-harbour' });

    // Before the passcode: who sent it, and in which language and direction to ask.
    const sender = await w.get(`/api/client-view/${token}/sender`);
    expect(sender.statusCode, sender.body).toBe(200);
    expect(sender.json()).toMatchObject({ language: 'ar', direction: 'rtl' });
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(401);

    const unlock = await w.post(`/api/client-view/${token}/unlock`, { passcode: 'blue-harbour' });
    expect(unlock.statusCode, unlock.body).toBe(204);
    const proof = /deck_link_pass=([^;]+)/.exec(String(unlock.headers['set-cookie']))![1]!;
    const view = await w.get(`/api/client-view/${token}`, { cookie: `deck_link_pass=${proof}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      language: 'ar',
      direction: 'rtl',
      // Arabic as the deck writes its figures, and the US market's dollars.
      locale: 'ar-AE',
      currency: 'USD',
    });
  });

  it('answers a Japanese deck left to right, an English one in English, and a version made before languages in English', async () => {
    const japanese = await deckIn('ja-JP');
    const { token: jaToken } = await w.createLink(japanese);
    expect((await w.get(`/api/client-view/${jaToken}`)).json()).toMatchObject({
      language: 'ja',
      direction: 'ltr',
    });

    const english = await deckIn(undefined);
    const { token } = await w.createLink(english);
    expect((await w.get(`/api/client-view/${token}`)).json()).toMatchObject({
      language: 'en',
      direction: 'ltr',
      locale: 'en-US',
      currency: 'USD',
    });

    // A version stored before decks had a language (its draft has none) speaks English.
    const older = await deckIn('ar');
    await w
      .db()
      .update(deckVersions)
      .set({
        draft: sql`jsonb_set(${deckVersions.draft}, '{basicInfo}', (${deckVersions.draft}->'basicInfo') - 'language' - 'locale' - 'market')`,
      })
      .where(eq(deckVersions.deckId, older));
    const { token: oldToken } = await w.createLink(older);
    expect((await w.get(`/api/client-view/${oldToken}`)).json()).toMatchObject({
      language: 'en',
      direction: 'ltr',
    });
    expect((await w.get(`/api/client-view/${oldToken}/sender`)).json()).toMatchObject({
      language: 'en',
      direction: 'ltr',
    });
  });
});

describe('the mails a client gets follow the deck’s language', () => {
  it('mails the link of an Arabic deck in Arabic, right to left; an English deck’s stays English', async () => {
    const deckId = await deckIn('ar', 'عرض سلسلة التبريد');
    const { body } = await w.createLink(deckId, {
      sendEmail: true,
      recipientEmail: 'layla@gulf.example',
      recipientName: 'Layla Haddad',
      passcode: 'blue-harbour',
    });
    const [mail] = await mailsTo(['layla@gulf.example']);
    expect(mail!.subject).toBe('أرسل إليك rep person عرضًا تقديميًا: عرض سلسلة التبريد');
    const text = mail!.text;
    expect(text).toContain('السيد/السيدة Layla Haddad المحترم/ة،');
    expect(text).toContain('العرض التقديمي محمي برمز مرور يزوّدك به rep person.');
    expect(text).toContain(body.url);
    expect(mail!.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail!.html).toMatch(/<html[^>]*lang="ar"/);

    const english = await deckIn(undefined, 'Cold chain proposal');
    await w.createLink(english, { sendEmail: true, recipientEmail: 'jane@northwind.example' });
    const [plain] = await mailsTo(['jane@northwind.example']);
    expect(plain!.subject).toBe('rep person sent you a presentation: Cold chain proposal');
    expect(plain!.text).toContain('Hello Jane Client,');
    expect(plain!.html).toMatch(/<html[^>]*lang="en"/);
  });

  it('confirms an acceptance in Japanese, with the figures in the page’s words; the team’s mail stays English', async () => {
    const deckId = await deckIn('ja', '冷蔵設備のご提案');
    const { token } = await w.createLink(deckId, {
      recipientEmail: 'sato@osaka.example',
      recipientName: 'Sato Hana',
      acceptance: { enabled: true, optionalProductIds: [] },
    });
    const shown = (await w.get(`/api/client-view/${token}`)).json().acceptance;
    const res = await w.post(`/api/client-view/${token}/accept`, {
      fullName: '佐藤 花',
      jobTitle: '購買部長',
      agree: true,
      optionalProductIds: [],
      totalCents: shown.summary.totalCents,
      termsSha256: shown.termsSha256,
      version: shown.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [confirmation] = await mailsTo(['sato@osaka.example']);
    expect(confirmation!.subject).toBe('ご提案を承諾いただきました：冷蔵設備のご提案');
    expect(confirmation!.text).toContain('佐藤 花 様');
    // The page's words for the figures, in the deck's currency (the US market's dollars).
    expect(confirmation!.text).toContain('お支払い合計: $');
    expect(confirmation!.text).toContain('ページ上での承諾は、クリックによる同意の記録であり');
    expect(confirmation!.html).toMatch(/<html[^>]*lang="ja"/);
    // The rep hears of it in English.
    const team = await w.db().select().from(outboxMails).where(eq(outboxMails.to, w.emails.rep));
    expect(team.at(-1)!.subject).toMatch(/accepted/i);
  });
});
