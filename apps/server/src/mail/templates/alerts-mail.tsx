/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  ownerName: string;
  subject: string;
  /** Each alert folded into this mail, oldest first, with where to read more. */
  alerts: { text: string; url: string }[];
  settingsUrl: string;
};

/**
 * Alerts by mail: at most one a rep per five minutes, every alert raised meanwhile in it, so a
 * storm of visits is one mail listing them.
 */
export const alertsMail = defineMailTemplate<Props>({
  id: 'alerts',
  title: 'Alerts',
  sentWhen:
    'A client opens, revisits, forwards, accepts or declines a deck, as its owner chose in their alerts; one mail at most every five minutes.',
  isSecret: false,
  subject: ({ subject }) => subject,
  Body: ({ ownerName, alerts, settingsUrl, context }) => (
    <MailLayout context={context} preview={alerts[0]?.text ?? ''}>
      <Paragraph>Hello {ownerName},</Paragraph>
      {alerts.map((alert, index) => (
        <Paragraph key={index}>
          {alert.text} <UrlLink href={alert.url} context={context} />
        </Paragraph>
      ))}
      <Paragraph>
        Choose which alerts you get, and where: <UrlLink href={settingsUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    ownerName: 'Rita Rep',
    subject: '2 new visits on “Cold Chain Upgrade”',
    alerts: [
      {
        text: 'Jane Client is viewing “Cold Chain Upgrade”. So far: 4 slides in 2 min 10 s. Most time on Battery Backup (1 min 20 s).',
        url: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/links/00000000-0000-4000-8000-000000000002',
      },
      {
        text: 'Jane Client is viewing “Cold Chain Upgrade”. So far: 1 slide in 12 s.',
        url: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/links/00000000-0000-4000-8000-000000000002',
      },
    ],
    settingsUrl: 'https://decks.example.com/profile#alerts',
  },
});

type DigestProps = {
  ownerName: string;
  day: string;
  visits: number;
  seconds: string;
  decks: { title: string; visits: number; time: string }[];
  products: { name: string; time: string }[];
  accepted: string[];
  declined: string[];
  settingsUrl: string;
};

/** Yesterday on a rep's decks, each morning, for reps who asked for it; none after a quiet day. */
export const alertsDigestMail = defineMailTemplate<DigestProps>({
  id: 'alerts-digest',
  title: 'Daily digest',
  sentWhen:
    'Each morning (UTC) to reps who turned on the daily digest, when their decks had visits or answers the day before.',
  isSecret: false,
  subject: ({ day, visits }) =>
    `Yesterday on your decks (${day}): ${visits} ${visits === 1 ? 'visit' : 'visits'}`,
  Body: ({
    ownerName,
    day,
    visits,
    seconds,
    decks,
    products,
    accepted,
    declined,
    settingsUrl,
    context,
  }) => (
    <MailLayout context={context} preview={`${visits} visits on ${day}.`}>
      <Paragraph>Hello {ownerName},</Paragraph>
      <Paragraph>
        On {day} your decks had {visits} {visits === 1 ? 'visit' : 'visits'}, {seconds} in all.
      </Paragraph>
      {decks.map((deck) => (
        <Paragraph key={deck.title}>
          “{deck.title}”: {deck.visits} {deck.visits === 1 ? 'visit' : 'visits'}, {deck.time}
        </Paragraph>
      ))}
      {products.length > 0 ? (
        <Paragraph>
          Most viewed: {products.map((product) => `${product.name} (${product.time})`).join(', ')}
        </Paragraph>
      ) : null}
      {accepted.length > 0 ? <Paragraph>Accepted: {accepted.join(', ')}</Paragraph> : null}
      {declined.length > 0 ? <Paragraph>Declined: {declined.join(', ')}</Paragraph> : null}
      <Paragraph>
        Turn the digest off or choose your alerts: <UrlLink href={settingsUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    ownerName: 'Rita Rep',
    day: 'November 22, 2026',
    visits: 3,
    seconds: '7 min 5 s',
    decks: [{ title: 'Cold Chain Upgrade', visits: 3, time: '7 min 5 s' }],
    products: [{ name: 'Battery Backup', time: '3 min 40 s' }],
    accepted: ['“Cold Chain Upgrade” by Jane Client'],
    declined: [],
    settingsUrl: 'https://decks.example.com/profile#alerts',
  },
});
