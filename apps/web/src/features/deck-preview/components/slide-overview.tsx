import type { CustomSlide, DeckDraft, TemplateSlideInfo } from '@deck-portal/domain';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTemplateSlides } from '../../../lib/template-slides.ts';

/** A custom slide's title: its title placeholder's text, else its layout's name. */
function customSlideTitle(slide: CustomSlide): string {
  const titleField = slide.placeholders.find((p) => ['TITLE', 'CENTERED_TITLE'].includes(p.type));
  const text = titleField ? slide.placeholderContent[titleField.objectId]?.trim() : '';
  return text || slide.layoutName || 'Custom slide';
}

/** A slide key as a reader would write it when the library does not know it: 'Company Overview'. */
function humanize(id: string): string {
  return id.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * The chosen slides as the deck draws them (the PDF's order), not in the order they were
 * picked: the library's order, with the closing slides and then the appendix last. Slides the
 * library no longer lists come after those it does.
 */
export function inDeckOrder(ids: readonly string[], library: readonly TemplateSlideInfo[]) {
  const known = new Map(library.map((slide) => [slide.id, slide]));
  const rank = (id: string) => {
    const slide = known.get(id);
    if (!slide) return [3, 0];
    const part = slide.category === 'closing' ? 1 : slide.category === 'appendix' ? 2 : 0;
    return [part, slide.index];
  };
  return [...ids].sort((a, b) => {
    const [partA, indexA] = rank(a);
    const [partB, indexB] = rank(b);
    return partA! - partB! || indexA! - indexB!;
  });
}

export function SlideOverview({ draft }: { draft: DeckDraft }) {
  const templates = useTemplateSlides();
  const titles = new Map((templates.data?.slides ?? []).map((s) => [s.id, s.title]));
  const standard = inDeckOrder(
    draft.templateCustomization.selectedSlides,
    templates.data?.slides ?? [],
  );
  const custom = draft.templateCustomization.customSlides;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="slide-overview-title">
      <Title order={2} size="h4" mb="md" id="slide-overview-title">
        Slide Overview
      </Title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Standard Slides ({standard.length})
          </Text>
          {standard.length === 0 ? (
            <Text size="sm" c="dimmed">
              No standard slides
            </Text>
          ) : (
            <Stack component="ol" gap={4} p={0} m={0} aria-label="Standard slides">
              {standard.map((id, index) => (
                <Group key={id} component="li" gap="sm" wrap="nowrap" style={{ listStyle: 'none' }}>
                  <Badge variant="light" radius="sm" miw={40} style={{ flexShrink: 0 }}>
                    {index + 1}
                  </Badge>
                  <Text size="sm">{titles.get(id) ?? humanize(id)}</Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Custom Slides ({custom.length})
          </Text>
          {custom.length === 0 ? (
            <Text size="sm" c="dimmed">
              No custom slides
            </Text>
          ) : (
            <Stack component="ol" gap={4} p={0} m={0} aria-label="Custom slides">
              {custom.map((slide, index) => (
                <Group
                  key={slide.id}
                  component="li"
                  gap="sm"
                  wrap="nowrap"
                  style={{ listStyle: 'none' }}
                >
                  <Badge
                    variant="light"
                    color="grape"
                    radius="sm"
                    miw={40}
                    style={{ flexShrink: 0 }}
                  >
                    C{index + 1}
                  </Badge>
                  <Text size="sm">{customSlideTitle(slide)}</Text>
                  <Text size="xs" c="dimmed">
                    {slide.layoutName || slide.layoutId}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
