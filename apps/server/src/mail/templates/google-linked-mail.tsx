/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { name: string; googleEmail: string; signInUrl: string };

export const googleLinkedMail = defineMailTemplate<Props>({
  id: 'google-linked',
  title: 'Google sign-in linked',
  sentWhen: 'A Google account is joined to an existing account after a password sign-in.',
  isSecret: false,
  subject: (_props, { productName }) => `Google sign-in was linked to your ${productName} account`,
  Body: ({ name, googleEmail, signInUrl, context }) => (
    <MailLayout context={context} preview={`${googleEmail} can now sign you in.`}>
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        You can now sign in to {context.productName} with the Google account {googleEmail} as well
        as with your password.
      </Paragraph>
      <Paragraph>
        If you did not do this, change your password at{' '}
        <UrlLink href={signInUrl} context={context} /> and tell your administrator.
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    name: 'Rita Rep',
    googleEmail: 'rita@gmail.example',
    signInUrl: 'https://decks.example.com/auth',
  },
});
