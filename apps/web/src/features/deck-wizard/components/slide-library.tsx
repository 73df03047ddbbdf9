import { useState } from 'react';
import type { TemplateCategory, TemplateSlideInfo } from '@deck-portal/domain';
import {
  AspectRatio,
  Badge,
  Card,
  Checkbox,
  Chip,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';

/** The template grid: category chips, 'n of m selected', a card per slide with its thumbnail. */
export function SlideLibrary({
  slides,
  categories,
  selected,
  onToggle,
}: {
  slides: readonly TemplateSlideInfo[];
  categories: readonly TemplateCategory[];
  selected: readonly string[];
  onToggle: (slideId: string, isSelected: boolean) => void;
}) {
  const [category, setCategory] = useState('all');
  const chosen = new Set(selected);
  const colorOf = new Map(categories.map((c) => [c.id, c]));
  const visible = category === 'all' ? slides : slides.filter((s) => s.category === category);
  const usedCategories = categories.filter((c) => slides.some((s) => s.category === c.id));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Chip.Group value={category} onChange={(value) => setCategory(String(value))}>
          <Group gap={6} role="group" aria-label="Filter by category">
            <Chip value="all" size="sm" variant="outline">
              All
            </Chip>
            {usedCategories.map((c) => (
              <Chip key={c.id} value={c.id} size="sm" variant="outline" color={c.color}>
                {c.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Badge size="lg" variant="light" radius="sm" tt="none">
          {selected.length} of {slides.length} selected
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {visible.map((slide) => {
          const isSelected = chosen.has(slide.id);
          const cat = colorOf.get(slide.category);
          return (
            <Card
              key={slide.id}
              withBorder
              radius="md"
              padding="sm"
              // Unselected cards sit on a grey ground rather than fading, so their text keeps
              // its contrast.
              bg={isSelected ? undefined : 'gray.0'}
              style={{
                borderColor: isSelected ? 'var(--mantine-color-blue-5)' : undefined,
                boxShadow: isSelected ? '0 0 0 1px var(--mantine-color-blue-5)' : undefined,
              }}
            >
              <Card.Section
                onClick={() => onToggle(slide.id, !isSelected)}
                style={{ cursor: 'pointer', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <AspectRatio ratio={16 / 9}>
                  {slide.thumbnail ? (
                    <Image
                      src={slide.thumbnail}
                      alt={`Thumbnail of ${slide.title}`}
                      loading="lazy"
                    />
                  ) : (
                    <div style={{ background: 'var(--mantine-color-gray-1)' }} />
                  )}
                </AspectRatio>
              </Card.Section>
              <Stack gap={4} mt="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Checkbox
                    checked={isSelected}
                    onChange={(event) => onToggle(slide.id, event.currentTarget.checked)}
                    label={
                      <Text size="sm" fw={600} lineClamp={1}>
                        {slide.title}
                      </Text>
                    }
                  />
                  <Text size="xs" c="dimmed">
                    #{slide.index + 1}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {slide.description}
                </Text>
                {cat && (
                  <Badge size="xs" variant="dot" color={cat.color} tt="none">
                    {cat.name}
                  </Badge>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
