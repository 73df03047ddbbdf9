import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a narrow screen scrolls sideways rather than squeeze its columns; the part
 * that scrolls can be focused and scrolled with the keyboard, and is named as a group by the
 * table's heading (`labelledBy`: the section around it is the region of that name) or, where the
 * table has no heading of its own, by `label`.
 */
export function ScrollingTable({
  minWidth,
  children,
  ...name
}: {
  minWidth: number;
  children: ReactNode;
} & ({ labelledBy: string } | { label: string })) {
  const naming =
    'labelledBy' in name ? { 'aria-labelledby': name.labelledBy } : { 'aria-label': name.label };
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', ...naming } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
