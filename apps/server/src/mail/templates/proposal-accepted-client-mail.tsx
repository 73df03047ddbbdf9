/** @jsxRuntime automatic */
import type { ProposalSummary } from '@deck-portal/domain';
import { clientPageTexts } from '@deck-portal/domain/client-page-texts';
import { acceptedFigures, sampleSummary } from './accepted-figures.ts';
import { clientMailTexts } from './client-mail-texts.ts';
import { Lines, MailLayout, Paragraph } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  fullName: string;
  /** The deck's headline as the client reads it. */
  headline: string;
  acceptedAt: Date;
  summary: ProposalSummary;
  /**
   * The deck's language (BCP 47), formats and currency: the client reads the confirmation as
   * they read the page; absent: English, US dollars.
   */
  language?: string;
  locale?: string;
  currency?: string;
};

export const proposalAcceptedClientMail = defineMailTemplate<Props>({
  id: 'proposal-accepted-client',
  title: 'Proposal accepted (to the client)',
  sentWhen: 'A client accepts a proposal; the accepted PDF, its certificate last, is attached.',
  isSecret: false,
  subject: ({ headline, language = 'en', locale }) =>
    clientMailTexts(language, locale).acceptedSubject(headline),
  Body: ({
    fullName,
    headline,
    acceptedAt,
    summary,
    language = 'en',
    locale,
    currency,
    context,
  }) => {
    const texts = clientMailTexts(language, locale);
    // An English deck in dollars reads as every confirmation did before decks had languages.
    const figures =
      texts.lang === 'en' && (currency ?? 'USD') === 'USD'
        ? acceptedFigures(summary)
        : acceptedFigures(summary, {
            words: clientPageTexts(texts.lang),
            currency: currency ?? 'USD',
            locale: locale ?? texts.lang,
          });
    return (
      <MailLayout context={context} preview={texts.acceptedPreview} language={texts}>
        <Paragraph>{texts.greeting(fullName)}</Paragraph>
        <Paragraph>{texts.acceptedThanks(headline, texts.date(acceptedAt))}</Paragraph>
        <Lines lines={figures} />
        <Lines lines={[texts.acceptedAttached, texts.acceptedNotASignature]} />
      </MailLayout>
    );
  },
  sample: {
    fullName: 'Jane Client',
    headline: 'Proposal for Northwind Pharmacies',
    acceptedAt: new Date('2030-01-15T10:30:00Z'),
    summary: sampleSummary,
  },
});
