/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { name: string; signInUrl: string };

export const passwordChangedMail = defineMailTemplate<Props>({
  id: 'password-changed',
  title: 'Password changed',
  sentWhen: 'A password was set with a reset link.',
  isSecret: false,
  subject: (_props, { productName }) => `Your ${productName} password was changed`,
  Body: ({ name, signInUrl, context }) => (
    <MailLayout context={context} preview="Every device that was signed in has been signed out.">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        The password of your {context.productName} account was just changed, and every device that
        was signed in has been signed out.
      </Paragraph>
      <Paragraph>
        If you did not do this, reset your password at{' '}
        <UrlLink href={signInUrl} context={context} /> and tell your administrator.
      </Paragraph>
    </MailLayout>
  ),
  sample: { name: 'Rita Rep', signInUrl: 'https://decks.example.com/auth' },
});
