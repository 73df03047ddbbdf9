import type { DeckMode } from '@deck-portal/domain';
import { Text } from '@mantine/core';

const descriptions: Record<DeckMode, string> = {
  simple: 'Simple: pick from the template slides. Quick and consistent.',
  advanced: 'Advanced: template slides plus your own custom slides built from layouts.',
};

export function ModeDescription({ mode }: { mode: DeckMode }) {
  return (
    <Text size="sm" c="dimmed">
      {descriptions[mode]}
    </Text>
  );
}
