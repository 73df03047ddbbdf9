import { describe, expect, it } from 'vitest';
import { sampleSummary } from './accepted-figures.ts';
import { clientLinkMail } from './client-link-mail.tsx';
import { clientMailTexts } from './client-mail-texts.ts';
import type { MailContext } from './mail-context.ts';
import { proposalAcceptedClientMail } from './proposal-accepted-client-mail.tsx';
import { renderMail } from './render-mail.tsx';

const context: MailContext = { productName: 'Deck Portal', companyName: 'Frostline', brand: null };

describe("a client's mails in the deck's language", () => {
  it('has every sentence in every language it writes, and English for the others', () => {
    const english = clientMailTexts('en');
    for (const language of ['de', 'fr', 'es', 'ja', 'ar']) {
      const texts = clientMailTexts(language, undefined);
      expect(texts.lang).toBe(language);
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(texts[key], `${language}.${key}`).toBeDefined();
        if (typeof texts[key] === 'string' && !['lang', 'direction'].includes(key)) {
          expect(texts[key], `${language}.${key}`).not.toBe(english[key]);
        }
      }
    }
    expect(clientMailTexts('he').lang).toBe('en');
    expect(clientMailTexts('ar').direction).toBe('rtl');
  });

  it('writes the link mail of an Arabic deck right to left, with the language’s greeting and dates', async () => {
    const mail = await renderMail(
      clientLinkMail,
      { ...clientLinkMail.sample, language: 'ar', locale: 'ar-AE' },
      context,
    );
    expect(mail.subject).toBe('أرسل إليك Rita Rep عرضًا تقديميًا: Proposal for Northwind Pharmacies');
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.html).toMatch(/<html[^>]*lang="ar"/);
    expect(mail.text).toContain('السيد/السيدة Jane Client المحترم/ة،');
    expect(mail.text).toContain('يظل الرابط صالحًا حتى 31 يناير 2030');
    expect(mail.text).toContain('أُرسلت عبر Deck Portal نيابةً عن Frostline.');
  });

  it('confirms an acceptance in Japanese, its figures in yen as the page shows them', async () => {
    const mail = await renderMail(
      proposalAcceptedClientMail,
      {
        ...proposalAcceptedClientMail.sample,
        language: 'ja',
        locale: 'ja-JP',
        currency: 'JPY',
      },
      context,
    );
    expect(mail.subject).toBe('ご提案を承諾いただきました：Proposal for Northwind Pharmacies');
    expect(mail.text).toContain('Jane Client 様');
    expect(mail.text).toContain(
      '2030年1月15日に「Proposal for Northwind Pharmacies」をご承諾いただき',
    );
    expect(mail.text).toContain('お支払い合計: ￥12,490');
    expect(mail.text).toContain('年額料金（合計には含まれません）: 年額 ￥150');
  });

  it('leaves an English deck’s mails as they were', async () => {
    const link = await renderMail(clientLinkMail, clientLinkMail.sample, context);
    expect(link.text).toContain('Hello Jane Client,');
    expect(link.text).toContain('The link works until January 31, 2030 at 5:00 PM (UTC).');
    const confirmation = await renderMail(
      proposalAcceptedClientMail,
      {
        ...proposalAcceptedClientMail.sample,
        summary: sampleSummary,
        language: 'en',
        currency: 'USD',
      },
      context,
    );
    expect(confirmation.text).toContain(
      'you accepted "Proposal for Northwind Pharmacies" on 2030-01-15.',
    );
    expect(confirmation.text).toContain('Total you pay: $12,490.00');
  });
});
