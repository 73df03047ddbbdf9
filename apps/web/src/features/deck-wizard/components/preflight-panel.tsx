import type { DeckDraft, DeckPreflight, MissingPicture } from '@deck-portal/domain';
import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconFrame, IconTrash } from '@tabler/icons-react';

type Customization = DeckDraft['templateCustomization'];

/** The draft with one picture taken out of its slide. */
export function removePicture(
  customization: Customization,
  picture: MissingPicture,
): Customization {
  return {
    ...customization,
    customSlides: customization.customSlides.map((slide, index) =>
      index === picture.slideIndex
        ? { ...slide, placeholderContent: { ...slide.placeholderContent, [picture.objectId]: '' } }
        : slide,
    ),
  };
}

/** The draft with an empty frame allowed where the picture is missing. */
export function keepFrame(customization: Customization, picture: MissingPicture): Customization {
  return {
    ...customization,
    customSlides: customization.customSlides.map((slide, index) =>
      index === picture.slideIndex && !slide.keptPlaceholders.includes(picture.objectId)
        ? { ...slide, keptPlaceholders: [...slide.keptPlaceholders, picture.objectId] }
        : slide,
    ),
  };
}

/** Pictures the rep has not decided about: missing and not kept as a frame. */
export function undecidedPictures(draft: DeckDraft, preflight: DeckPreflight | undefined) {
  return (preflight?.missingPictures ?? []).filter(
    (picture) =>
      !draft.templateCustomization.customSlides[picture.slideIndex]?.keptPlaceholders.includes(
        picture.objectId,
      ),
  );
}

function placeOf(draft: DeckDraft, picture: MissingPicture) {
  const slide = draft.templateCustomization.customSlides[picture.slideIndex];
  const label = slide?.placeholders.find((p) => p.objectId === picture.objectId)?.label;
  return `Custom slide ${picture.slideIndex + 1}${slide?.layoutName ? ` (${slide.layoutName})` : ''}${label ? `, ${label}` : ''}`;
}

/**
 * Step 4's checks before generating: each picture that cannot be used, with the two ways on
 * (take it out, or keep an empty frame), and the warnings the deck would carry.
 */
export function PreflightPanel({
  draft,
  preflight,
  isChecking,
  onChange,
}: {
  draft: DeckDraft;
  preflight: DeckPreflight | undefined;
  isChecking: boolean;
  onChange: (customization: Customization) => void;
}) {
  if (isChecking && !preflight) {
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking pictures and text…
        </Text>
      </Group>
    );
  }
  if (!preflight) return null;
  const undecided = undecidedPictures(draft, preflight);
  const kept = preflight.missingPictures.filter((picture) => !undecided.includes(picture));
  return (
    <Stack gap="md">
      {undecided.length > 0 && (
        <Card
          withBorder
          radius="lg"
          p="lg"
          component="section"
          aria-labelledby="pictures-title"
          style={{ borderColor: 'var(--mantine-color-red-4)' }}
        >
          <Group gap="xs" mb="xs">
            <IconAlertCircle size={20} color="var(--mantine-color-red-7)" aria-hidden />
            <Title order={2} size="h4" id="pictures-title">
              {undecided.length === 1
                ? 'A picture cannot be used'
                : `${undecided.length} pictures cannot be used`}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="md">
            The deck is not generated with a broken picture. Go back to upload it or fix its
            address, or decide here.
          </Text>
          <Stack gap="md">
            {undecided.map((picture) => (
              <Stack key={`${picture.slideIndex}-${picture.objectId}`} gap={6}>
                <Text size="sm" fw={600}>
                  {placeOf(draft, picture)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {picture.url}
                </Text>
                <Text size="sm" c="red.8">
                  {picture.reason}
                </Text>
                <Group gap="sm">
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => onChange(removePicture(draft.templateCustomization, picture))}
                  >
                    Remove picture
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFrame size={14} />}
                    onClick={() => onChange(keepFrame(draft.templateCustomization, picture))}
                  >
                    Keep an empty frame
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {(kept.length > 0 || preflight.warnings.length > 0) && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Before you generate">
          <List size="sm">
            {kept.map((picture) => (
              <List.Item key={`${picture.slideIndex}-${picture.objectId}`}>
                {placeOf(draft, picture)}: an empty frame stands in for the missing picture.
              </List.Item>
            ))}
            {preflight.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
