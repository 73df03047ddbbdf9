/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  name: string;
  /** The sentence the portal's notification shows: which webhook was turned off and why. */
  message: string;
  webhooksUrl: string;
};

export const webhookDisabledMail = defineMailTemplate<Props>({
  id: 'webhook-disabled',
  title: 'Webhook turned off',
  sentWhen:
    'A webhook’s deliveries failed again and again, each after a day of retries; it goes to the administrator who added it.',
  isSecret: false,
  subject: () => 'A webhook was turned off: its deliveries kept failing',
  Body: ({ name, message, webhooksUrl, context }) => (
    <MailLayout context={context} preview={message}>
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>{message}</Paragraph>
      <Paragraph>
        Its delivery log says what the receiver answered. Once the receiver works again, send a test
        event and turn the webhook on: <UrlLink href={webhooksUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    name: 'Ada Admin',
    message:
      'The webhook to https://crm.example.com/hooks/deck-portal was turned off: its last 5 deliveries failed (the receiver answered 503).',
    webhooksUrl: 'https://decks.example.com/admin/webhooks',
  },
});
