/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { adminName: string; userName: string; userEmail: string; reviewUrl: string };

export const signUpWaitingMail = defineMailTemplate<Props>({
  id: 'sign-up-waiting',
  title: 'New sign-up waiting',
  sentWhen: 'Someone signs up; it goes to every administrator.',
  isSecret: false,
  subject: ({ userName }) => `New sign-up waiting for approval: ${userName}`,
  Body: ({ adminName, userName, userEmail, reviewUrl, context }) => (
    <MailLayout context={context} preview={`${userName} is waiting for approval.`}>
      <Paragraph>Hello {adminName},</Paragraph>
      <Paragraph>
        {userName} ({userEmail}) has signed up for {context.productName} and is waiting for
        approval.
      </Paragraph>
      <Paragraph>
        Review pending accounts: <UrlLink href={reviewUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    adminName: 'Ada Admin',
    userName: 'Rita Rep',
    userEmail: 'rita@example.com',
    reviewUrl: 'https://decks.example.com/admin',
  },
});
