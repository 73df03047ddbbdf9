/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { name: string; resetUrl: string };

export const passwordResetMail = defineMailTemplate<Props>({
  id: 'password-reset',
  title: 'Password reset',
  sentWhen: 'Someone asks to reset the password of an account that may sign in.',
  isSecret: true,
  subject: (_props, { productName }) => `Reset your ${productName} password`,
  Body: ({ name, resetUrl, context }) => (
    <MailLayout context={context} preview="The link works for an hour.">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your {context.productName} account. To choose a new
        one, open this link within the next hour:
      </Paragraph>
      <Paragraph>
        <UrlLink href={resetUrl} context={context} />
      </Paragraph>
      <Paragraph>If it was not you, ignore this mail: your password stays as it is.</Paragraph>
    </MailLayout>
  ),
  sample: { name: 'Rita Rep', resetUrl: 'https://decks.example.com/auth/reset?token=sample-token' },
});
