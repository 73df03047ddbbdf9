import { ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';

export type PaletteColour = { value: string; hex: string };

/** A colour from the brand's palette (or the slide's category colour), never typed by hand. */
export function ColourField({
  label,
  value,
  palette,
  onChange,
}: {
  label: string;
  value: string | undefined;
  palette: readonly PaletteColour[];
  onChange: (value: string) => void;
}) {
  const choices = [...palette, { value: 'category', hex: '#8795A6' }];
  const isCustom = value !== undefined && !choices.some((c) => c.value === value);
  return (
    <Stack gap={4} role="radiogroup" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap={6}>
        {choices.map((choice) => (
          <Tooltip key={choice.value} label={choice.value}>
            <ColorSwatch
              component="button"
              type="button"
              role="radio"
              aria-checked={value === choice.value}
              aria-label={choice.value}
              color={choice.hex}
              size={24}
              onClick={() => onChange(choice.value)}
              style={{
                cursor: 'pointer',
                outline:
                  value === choice.value ? '2px solid var(--mantine-color-blue-6)' : undefined,
                outlineOffset: 2,
              }}
            />
          </Tooltip>
        ))}
      </Group>
      {isCustom && (
        <Text size="xs" c="dimmed">
          Now {value}, a colour outside the palette.
        </Text>
      )}
    </Stack>
  );
}
