import { useState } from 'react';
import type { TemplateCategory, TemplateSlideInfo } from '@deck-portal/domain';
import {
  Accordion,
  AspectRatio,
  Badge,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconChevronsDown, IconChevronsUp } from '@tabler/icons-react';

function SlideCard({
  slide,
  isSelected,
  onToggle,
}: {
  slide: TemplateSlideInfo;
  isSelected: boolean;
  onToggle: (slideId: string, isSelected: boolean) => void;
}) {
  return (
    <Card
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
            <Image src={slide.thumbnail} alt={`Thumbnail of ${slide.title}`} loading="lazy" />
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
      </Stack>
    </Card>
  );
}

/**
 * The master deck's slides by category, each category a section that opens on demand with
 * "n of m" chosen in its header: the whole library stays one screen tall until the rep looks in.
 */
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
  const chosen = new Set(selected);
  const usedCategories = categories.filter((c) => slides.some((s) => s.category === c.id));
  const [open, setOpen] = useState<string[]>([]);
  const isAllOpen = open.length === usedCategories.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text size="sm" fw={600}>
          Slide library
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={isAllOpen ? <IconChevronsUp size={16} /> : <IconChevronsDown size={16} />}
          onClick={() => setOpen(isAllOpen ? [] : usedCategories.map((c) => c.id))}
        >
          {isAllOpen ? 'Collapse all' : 'Expand all'}
        </Button>
      </Group>
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md">
        {usedCategories.map((category) => {
          const inCategory = slides.filter((s) => s.category === category.id);
          const count = inCategory.filter((s) => chosen.has(s.id)).length;
          return (
            <Accordion.Item key={category.id} value={category.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="sm">
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={category.color} size={12} withShadow={false} />
                    <Text fw={600}>{category.name}</Text>
                  </Group>
                  <Badge
                    variant={count > 0 ? 'light' : 'outline'}
                    color={count > 0 ? 'blue' : 'gray'}
                    tt="none"
                  >
                    {count} of {inCategory.length}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                  {inCategory.map((slide) => (
                    <SlideCard
                      key={slide.id}
                      slide={slide}
                      isSelected={chosen.has(slide.id)}
                      onToggle={onToggle}
                    />
                  ))}
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
