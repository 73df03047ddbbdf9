import { approverRoleLabel, type DeckApproval, type DeckDetails } from '@deck-portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatShortDate } from '../../lib/format-date.ts';
import { dealDeskKeys, useDeckApproval } from '../../lib/deal-desk.ts';
import { FindingsTable } from './findings-table.tsx';
import { RequestApprovalButton } from './request-approval-button.tsx';

/**
 * An alert holding a findings table: its body may shrink below the table's width (the table
 * scrolls sideways), or on a phone the body grows to the table and its sentences are cut off.
 */
const shrinkingBody = { body: { minWidth: 0 } };

export const NEEDS_APPROVAL_TEXT =
  'Its PDF and web view carry a “Draft — pending approval” watermark, and client links are refused until it is approved.';

/**
 * The deck page's deal desk panel: a deck priced past its owner's limits, the request waiting
 * for an approver, or the approval (with the approver's comment). Nothing when none is needed,
 * or when the deck's approval could not be loaded (the server still refuses client links).
 */
export function DeckApprovalPanel({ deck }: { deck: DeckDetails }) {
  const approval = useDeckApproval(deck.id);
  useRefreshDeckAfterDecision(deck.id, approval.data);
  useRefreshApprovalOnNewVersion(deck.id, deck.currentVersion);
  if (!approval.data || approval.data.state === 'not_needed') return null;
  return (
    <Stack gap="sm" component="section" aria-label="Deal desk">
      <ApprovalState deck={deck} approval={approval.data} />
    </Stack>
  );
}

/**
 * An approval regenerates the deck (a new version without the watermark): when a request this
 * page watched is decided, the deck is asked again.
 */
function useRefreshDeckAfterDecision(deckId: string, approval: DeckApproval | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(approval?.state);
  useEffect(() => {
    const state = approval?.state;
    if (previous.current === 'pending' && state !== undefined && state !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: ['decks', 'detail', deckId] });
    }
    previous.current = state;
  }, [approval?.state, deckId, queryClient]);
}

/** A new version of the deck (its prices changed, or an approval made it) is checked anew. */
function useRefreshApprovalOnNewVersion(deckId: string, version: number) {
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: dealDeskKeys.deck(deckId) });
  }, [deckId, version, queryClient]);
}

function ApprovalState({ deck, approval }: { deck: DeckDetails; approval: DeckApproval }) {
  const { state, check, request } = approval;
  if (state === 'not_needed') return null;
  if (state === 'approved') {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="Approved">
        {request
          ? `Approved by ${request.decidedBy ?? 'an approver'}${request.decidedAt ? ` on ${formatShortDate(request.decidedAt)}` : ''}${request.comment ? ` — “${request.comment}”` : '.'}`
          : 'Its prices are approved: client links may be created.'}
      </Alert>
    );
  }
  if (state === 'pending') {
    const role = request?.approverRole ?? check.approverRole ?? 'manager';
    return (
      <Alert
        color="blue"
        icon={<IconClockHour4 size={18} />}
        title="Waiting for approval"
        styles={shrinkingBody}
      >
        <Stack gap="xs">
          <Text size="sm">
            Waiting for approval by {approverRoleLabel[role]}
            {request ? ` since ${formatDateTime(request.createdAt)}` : ''}. Client links are refused
            until it is approved.
          </Text>
          {request?.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Note to the approver: “{request.note}”
            </Text>
          )}
          <FindingsTable
            check={check}
            label="Prices waiting for approval"
            approverRole={request?.approverRole ?? check.approverRole}
          />
        </Stack>
      </Alert>
    );
  }
  const rejected = request?.state === 'rejected' ? request : null;
  return (
    <>
      {rejected && (
        <Alert color="red" icon={<IconX size={18} />} title="Approval rejected">
          Rejected by {rejected.decidedBy ?? 'an approver'}
          {rejected.comment ? `: ${rejected.comment}` : '.'}
        </Alert>
      )}
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title="Needs approval"
        styles={shrinkingBody}
      >
        <Stack gap="sm">
          <Text size="sm">{NEEDS_APPROVAL_TEXT}</Text>
          <FindingsTable check={check} label="Prices past the limits" />
          {deck.canManage && (
            <Group>
              <RequestApprovalButton deckId={deck.id} approverRole={check.approverRole} />
            </Group>
          )}
        </Stack>
      </Alert>
    </>
  );
}
