/** @jsxRuntime automatic */
import { invitationLifetimeDays, roleInfo, type AssignableRole } from '@deck-portal/domain';
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { name: string; inviterName: string; role: AssignableRole; acceptUrl: string };

export const invitationMail = defineMailTemplate<Props>({
  id: 'invitation',
  title: 'Invitation',
  sentWhen: 'An administrator invites someone; the link sets their password.',
  isSecret: true,
  subject: ({ inviterName }, { productName }) => `${inviterName} invited you to ${productName}`,
  Body: ({ name, inviterName, role, acceptUrl, context }) => (
    <MailLayout context={context} preview="Set your password to sign in.">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        {inviterName} invited you to {context.productName} as {roleInfo[role].label}. To set your
        password and sign in, open this link within the next {invitationLifetimeDays} days:
      </Paragraph>
      <Paragraph>
        <UrlLink href={acceptUrl} context={context} />
      </Paragraph>
      <Paragraph>
        The link works once. If you did not expect this invitation, ignore this mail.
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    name: 'Nina New',
    inviterName: 'Ada Admin',
    role: 'sales_rep',
    acceptUrl: 'https://decks.example.com/auth/invite?token=sample-token',
  },
});
