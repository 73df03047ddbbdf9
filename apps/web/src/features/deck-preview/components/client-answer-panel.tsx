import type { ProposalResponse } from '@deck-portal/domain';
import { formatCents, quoteWording } from '@deck-portal/domain';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useProposalResponses } from '../api/proposal-responses.ts';

/**
 * "Client's answer": what the client said on a client link that offered acceptance — accepted
 * (who, when, the total, and the PDF with its certificate) or declined (when, and why). Not
 * shown before any answer.
 */
export function ClientAnswerPanel({ deckId }: { deckId: string }) {
  const responses = useProposalResponses(deckId);
  const all = responses.data?.responses ?? [];
  if (all.length === 0) return null;
  const accepted = all.find((response) => response.kind === 'accepted');
  const latest = accepted ?? all[all.length - 1]!;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="client-answer-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id="client-answer-title">
            Client&apos;s answer
          </Title>
          <Badge variant="light" color={accepted ? 'indigo' : 'gray'}>
            {accepted ? 'Accepted' : 'Declined'}
          </Badge>
        </Group>
        {accepted ? <Accepted response={accepted} /> : <Declined response={latest} />}
      </Stack>
    </Card>
  );
}

function Accepted({ response }: { response: ProposalResponse }) {
  return (
    <Stack gap={6}>
      <Text>
        Accepted by {response.fullName}, {response.jobTitle}, on{' '}
        {formatDateTime(response.createdAt)} (version {response.version}).
      </Text>
      {response.summary && (
        <Text>
          {/* As the deck's quote: what the client pays, yearly fees apart, the credit an estimate. */}
          Total the client pays{' '}
          {formatCents(response.summary.totalCents, undefined, response.summary.currency)}
          {response.summary.yearlyCents > 0 &&
            ` · yearly fees ${quoteWording.perYear(formatCents(response.summary.yearlyCents, undefined, response.summary.currency))}`}
          {response.summary.creditsCents > 0 &&
            ` · after the estimated tax credit ${formatCents(response.summary.netCents, undefined, response.summary.currency)}`}
        </Text>
      )}
      {response.certificateUrl && (
        <Anchor href={response.certificateUrl} target="_blank" rel="noopener">
          <Group gap={6} component="span">
            <IconCertificate size={16} aria-hidden />
            Certificate (PDF)
          </Group>
        </Anchor>
      )}
      <Text size="sm" c="dimmed">
        The deck is locked: duplicate it to make changes. The record is a click-to-accept record,
        not a qualified electronic signature.
      </Text>
    </Stack>
  );
}

function Declined({ response }: { response: ProposalResponse }) {
  return (
    <Stack gap={6}>
      <Text>Declined (“Not now”) on {formatDateTime(response.createdAt)}.</Text>
      <Text>{response.reason ? `Their reason: ${response.reason}` : 'They gave no reason.'}</Text>
      <Text size="sm" c="dimmed">
        They can still accept it through the same link.
      </Text>
    </Stack>
  );
}
