/** @jsxRuntime automatic */
import { clientPageTexts } from '@deck-portal/domain/client-page-texts';
import { clientMailTexts } from './client-mail-texts.ts';
import { Lines, MailLayout, Paragraph } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  /** The six digits, as the viewer types them. */
  code: string;
  /** The deck's language (BCP 47): the viewer reads the mail in the page's language. */
  language?: string;
  locale?: string;
};

/**
 * The code a viewer of a link that asks for an e-mail address types on the page (issue 51).
 * It names nothing of the deck: the address is not proved until the code comes back.
 */
export const viewerCodeMail = defineMailTemplate<Props>({
  id: 'viewer-code',
  title: 'Code for a client link that asks for the viewer’s e-mail',
  sentWhen:
    'A viewer enters an e-mail address on a client link that asks for one; the code opens the link for 10 minutes.',
  isSecret: true,
  subject: ({ code, language = 'en' }) => clientPageTexts(language).codeMailSubject(code),
  Body: ({ code, language = 'en', locale, context }) => {
    const mail = clientMailTexts(language, locale);
    const texts = clientPageTexts(language);
    return (
      <MailLayout context={context} preview={texts.codeMailEnter} language={mail}>
        <Paragraph>{texts.codeMailEnter}</Paragraph>
        <Paragraph>
          <strong style={{ fontSize: '24px', letterSpacing: '4px' }}>{code}</strong>
        </Paragraph>
        <Lines lines={[texts.codeMailValid, texts.codeMailIgnore]} />
      </MailLayout>
    );
  },
  sample: { code: '408215' },
});
