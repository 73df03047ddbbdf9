import {
  deepestDiscountText,
  formatMoney,
  needsApprovalText,
  type ApproverRole,
  type DealCheck,
} from '@deck-portal/domain';
import { List, Table, Text } from '@mantine/core';
import { ScrollingTable } from '../scrolling-table.tsx';

/**
 * A deal check's findings for an approver or the rep: first the deepest discount, the highest
 * limit it passes and who must approve it; per product its price against list, the discount
 * against the limit and the floor; then what is past the deck's own limits.
 */
export function FindingsTable({
  check,
  label,
  approverRole = check.approverRole,
}: {
  check: DealCheck;
  label: string;
  /** Who must approve, when the request says (it may be stricter than the check it was made on). */
  approverRole?: ApproverRole | null;
}) {
  const deepest = deepestDiscountText(check);
  return (
    <>
      {(deepest || approverRole) && (
        <Text size="sm" fw={500}>
          {[deepest, approverRole ? needsApprovalText[approverRole] : null]
            .filter(Boolean)
            .join(' ')}
        </Text>
      )}
      {check.findings.length > 0 && (
        <ScrollingTable minWidth={560} label={label}>
          <Table verticalSpacing={4} fz="sm" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">List price</Table.Th>
                <Table.Th ta="right">Off list</Table.Th>
                <Table.Th ta="right">Limit</Table.Th>
                <Table.Th ta="right">Floor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {check.findings.map((finding) => (
                <Table.Tr key={finding.productId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {finding.productName}
                    </Text>
                    {/* Not "dimmed": it sits on the orange alert's tint too. */}
                    <Text size="xs" c="gray.7">
                      {finding.message}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(finding.unitPrice, check.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(finding.listPrice, check.currency)}</Table.Td>
                  <Table.Td ta="right">{finding.discountPercent}%</Table.Td>
                  <Table.Td ta="right">{finding.limitPercent}%</Table.Td>
                  <Table.Td ta="right">
                    {finding.floorPrice === null
                      ? '—'
                      : formatMoney(finding.floorPrice, check.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {check.deckFindings.length > 0 && (
        <List size="sm" spacing={2}>
          {check.deckFindings.map((finding) => (
            <List.Item key={finding.reason}>{finding.message}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
