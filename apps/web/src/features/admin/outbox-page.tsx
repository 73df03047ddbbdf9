import type { OutboxMail } from '@deck-portal/domain';
import { Alert, Anchor, Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconInfoCircle,
  IconLock,
  IconPaperclip,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useOutbox } from './api/get-outbox.ts';
import { MailTemplates } from './components/mail-templates.tsx';
import { formatDateTime } from './format.ts';

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** The mail's text as text, with each address in it a link that opens in a new tab. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(urlPattern).map((part, index) =>
        index % 2 === 1 ? (
          <Anchor
            key={index}
            href={part}
            target="_blank"
            rel="noreferrer"
            style={{ overflowWrap: 'anywhere' }}
          >
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A file's size as a person reads it: `812 KB`, `2.4 MB`. */
function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The files a mail was sent with: each opens from the store, or says it is gone. */
function Attachments({ mail }: { mail: OutboxMail }) {
  if (mail.attachments.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap={4}
      mt="sm"
      p={0}
      aria-label={`Attachments of the mail to ${mail.to}`}
    >
      {mail.attachments.map((file) => (
        <Group key={file.url} component="li" gap={6} wrap="nowrap" style={{ listStyle: 'none' }}>
          <IconPaperclip size={14} aria-hidden />
          {file.size === null ? (
            <Text size="sm">{file.filename} (no longer stored)</Text>
          ) : (
            <Text size="sm">
              <Anchor href={file.url} download={file.filename}>
                {file.filename}
              </Anchor>{' '}
              <Text span c="dimmed" size="sm">
                {file.contentType === 'application/pdf' ? 'PDF' : file.contentType},{' '}
                {formatSize(file.size)}
              </Text>
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

const statusBadge: Record<OutboxMail['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  sent: { label: 'Sent', color: 'teal' },
  failing: { label: 'Failing', color: 'red' },
};

function MailCard({ mail, isHeld }: { mail: OutboxMail; isHeld: boolean }) {
  const badge = isHeld ? { label: 'Held here', color: 'blue' } : statusBadge[mail.status];
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-label={`Mail to ${mail.to}: ${mail.subject}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{mail.subject}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            To {mail.to} · {formatDateTime(mail.createdAt)}
          </Text>
        </Stack>
        <Badge color={badge.color} variant="light" tt="none" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
      </Group>
      {mail.text === null ? (
        <Group gap={6} mt="sm" c="dimmed">
          <IconLock size={14} />
          <Text size="sm">Holds a private link: only the recipient sees the text.</Text>
        </Group>
      ) : (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkedText text={mail.text} />
        </Text>
      )}
      <Attachments mail={mail} />
      {mail.status === 'failing' && mail.lastError && (
        <Text size="xs" c="red.8" mt="xs">
          Attempt {mail.attempts} failed: {mail.lastError}
        </Text>
      )}
    </Paper>
  );
}

/** The mails themselves, newest first. */
function OutboxMails() {
  const outbox = useOutbox();
  if (outbox.isPending) return <PageLoader />;
  if (outbox.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="The outbox could not be loaded"
      >
        {outbox.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {outbox.data.delivery === 'outbox' && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title="No mail server is set up"
        >
          Without SMTP_URL no mail leaves the portal: each stays here. Pass its link on to the
          person it is for, or set SMTP_URL to send them.
        </Alert>
      )}
      {outbox.data.mails.length === 0 ? (
        <Text c="dimmed">No mail yet.</Text>
      ) : (
        outbox.data.mails.map((mail) => (
          <MailCard key={mail.id} mail={mail} isHeld={outbox.data.delivery === 'outbox'} />
        ))
      )}
    </Stack>
  );
}

/**
 * /admin/outbox: every mail the portal sent or holds, for an administrator; and, on its second
 * tab, every template the mails are made from.
 */
export default function OutboxPage() {
  return (
    <PageShell
      actions={
        <LinkButton to={paths.admin} icon={IconArrowLeft}>
          User Management
        </LinkButton>
      }
    >
      <Stack gap="lg" maw={860}>
        <div>
          <Title order={1}>Outbox</Title>
          <Text c="dimmed" mt={4}>
            The mails the portal sends: approvals, password resets, invitations, shared decks and
            client links. The newest 200, newest first.
          </Text>
        </div>
        <Tabs defaultValue="mails" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="mails">Mails</Tabs.Tab>
            <Tabs.Tab value="templates">Templates</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mails" pt="lg">
            <OutboxMails />
          </Tabs.Panel>
          <Tabs.Panel value="templates" pt="lg">
            <MailTemplates />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </PageShell>
  );
}
