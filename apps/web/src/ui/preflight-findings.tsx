import { describeFindingCount, type SlideFinding } from '@deck-portal/domain';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What preflight found, slide by slide, as a warning one may go past: in the studio before
 * publishing, and on a deck before it is sent to a client.
 */
export function PreflightFindings({
  findings,
  title,
  children,
}: {
  findings: readonly SlideFinding[];
  /** The warning's title; "N things to check" when left out. */
  title?: string;
  /** Said under the list: what the reader may do about it. */
  children?: ReactNode;
}) {
  if (findings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title ?? `Preflight: ${describeFindingCount(findings.length)}`}
    >
      <List
        size="sm"
        spacing={4}
        aria-label="Preflight findings"
        style={{ overflowWrap: 'anywhere' }}
      >
        {findings.map((finding, i) => (
          <List.Item key={`${finding.slideId}-${finding.kind}-${i}`}>
            <Text span size="sm" fw={600}>
              Slide {finding.slideNumber} · {finding.slideTitle}:
            </Text>{' '}
            {finding.message}
          </List.Item>
        ))}
      </List>
      {children && (
        <Text size="sm" mt="xs">
          {children}
        </Text>
      )}
    </Alert>
  );
}
