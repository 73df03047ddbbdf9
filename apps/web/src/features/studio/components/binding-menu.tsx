import { bindingPaths } from '@deck-portal/domain';
import { Button, Menu } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';

/** Bindings offered beside the deck's own: a layout's fields, a slide's figures, the products. */
export type BindingGroup = { label: string; paths: readonly string[] };

const deckGroups: [prefix: string, label: string][] = [
  ['client.', 'Client'],
  ['deck.', 'Deck'],
  ['contact.', 'Contact'],
  ['rep.', 'Sales rep'],
  ['brand.', 'Company'],
  ['credit.', 'Tax credit'],
  ['slide.', 'Slide'],
];

/** Dates counted from the deck's date, as next steps give them (any number of days works). */
const deckDates = ['deck.date + 7 days', 'deck.date + 14 days', 'deck.date + 30 days'];

/**
 * Every binding a text of this document may show, by group: the document's own (its fields,
 * figures, the quote, the products) first, then the deck's, each path once.
 */
export function bindingGroupsFor(extra: readonly BindingGroup[]): BindingGroup[] {
  const seen = new Set<string>();
  const once = (paths: readonly string[]) =>
    paths.filter((path) => !seen.has(path) && Boolean(seen.add(path)));
  return [
    ...extra.map((group) => ({ label: group.label, paths: once(group.paths) })),
    ...deckGroups.map(([prefix, label]) => ({
      label,
      paths: once([
        ...bindingPaths.filter((path) => path.startsWith(prefix)),
        ...(prefix === 'deck.' ? deckDates : []),
      ]),
    })),
  ].filter((group) => group.paths.length > 0);
}

/** "Insert binding": every binding by group, so none is ever typed by hand. */
export function BindingMenu({
  groups,
  onPick,
}: {
  groups: readonly BindingGroup[];
  onPick: (path: string) => void;
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconBraces size={14} />}
          w="fit-content"
        >
          Insert binding
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {groups.map((group) => (
          <div key={group.label}>
            <Menu.Label>{group.label}</Menu.Label>
            {group.paths.map((path) => (
              <Menu.Item key={path} onClick={() => onPick(path)}>
                {`{{${path}}}`}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
