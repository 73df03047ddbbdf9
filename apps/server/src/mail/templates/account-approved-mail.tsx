/** @jsxRuntime automatic */
import { roleInfo, type AssignableRole } from '@deck-portal/domain';
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = { name: string; role: AssignableRole; signInUrl: string };

export const accountApprovedMail = defineMailTemplate<Props>({
  id: 'account-approved',
  title: 'Account approved',
  sentWhen: 'An administrator approves a sign-up; it goes to the new user.',
  isSecret: false,
  subject: (_props, { productName }) => `Your ${productName} account is approved`,
  Body: ({ name, role, signInUrl, context }) => (
    <MailLayout context={context} preview={`You can now sign in as ${roleInfo[role].label}.`}>
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        An administrator approved your {context.productName} account as {roleInfo[role].label}.
      </Paragraph>
      <Paragraph>
        Sign in: <UrlLink href={signInUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: { name: 'Rita Rep', role: 'sales_rep', signInUrl: 'https://decks.example.com/auth' },
});
