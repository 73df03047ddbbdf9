import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { EngagementCsvRows } from '@deck-portal/domain';

/**
 * "Export CSV": the visits' time per slide, or per product, as a file a spreadsheet opens as is.
 * `href` names the export's address for the rows chosen (the browser downloads it with the
 * session cookie; the server names the file).
 */
export function EngagementCsvMenu({
  href,
  label = 'Export CSV',
}: {
  href: (rows: EngagementCsvRows) => string;
  label?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={href('slides')} download>
          Time per slide (CSV)
        </Menu.Item>
        <Menu.Item component="a" href={href('products')} download>
          Time per product (CSV)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
