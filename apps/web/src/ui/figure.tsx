import { Stack, Text } from '@mantine/core';

/** A figure with its label above it, e.g. "Opens" over "12"; `lg` for a card of few figures. */
export function Figure({
  label,
  value,
  size = 'md',
}: {
  label: string;
  value: string;
  size?: 'md' | 'lg';
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={size === 'lg' ? 700 : 600}>
        {value}
      </Text>
    </Stack>
  );
}
