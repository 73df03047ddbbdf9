import type { TemplateElement } from '@deck-portal/domain';
import { Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { boxOf, describeElement, withBox } from '../../lib/slide-document/element-boxes.ts';

/** The selected element's name, and the button that deletes it (a shared part is not deleted). */
export function ElementHeading({
  element,
  onDelete,
}: {
  element: TemplateElement;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between">
      <Text fw={600}>{describeElement(element)}</Text>
      {element.kind !== 'part' && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          Delete element
        </Button>
      )}
    </Group>
  );
}

/** Where the selected element sits and how large it is, in points, two fields a row. */
export function ElementBoxFields({
  element,
  onChange,
}: {
  element: TemplateElement;
  onChange: (element: TemplateElement) => void;
}) {
  const box = boxOf(element);
  if (!box || element.kind === 'repeat') return null;
  return (
    <SimpleGrid cols={2} spacing="xs">
      {(['x', 'y', 'w', 'h'] as const).map((key) => (
        <NumberInput
          key={key}
          label={{ x: 'From left', y: 'From top', w: 'Width', h: 'Height' }[key]}
          value={box[key]}
          min={key === 'w' || key === 'h' ? 0 : -2000}
          max={3000}
          decimalScale={1}
          onChange={(value) =>
            typeof value === 'number' && onChange(withBox(element, { ...box, [key]: value }))
          }
        />
      ))}
    </SimpleGrid>
  );
}
