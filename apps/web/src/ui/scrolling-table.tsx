import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a narrow screen scrolls sideways rather than squeeze its columns; the part
 * that scrolls can be focused and scrolled with the keyboard, and is named by the table's
 * heading (`labelledBy`) as a group: the section around it is the region of that name.
 */
export function ScrollingTable({
  minWidth,
  labelledBy,
  children,
}: {
  minWidth: number;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
