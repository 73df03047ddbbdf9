import type { LayoutInfo } from '@deck-portal/domain';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconLayoutGrid, IconRefresh } from '@tabler/icons-react';
import { useTemplateLayouts } from '../../../lib/template-layouts.ts';

export const NO_LAYOUTS_MESSAGE = 'No layouts available. Please try again later.';

/** Picks the layout of a new custom slide; layouts load when the rep asks (Load Layouts). */
export function LayoutPickerModal({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (layout: LayoutInfo) => void;
}) {
  const layouts = useTemplateLayouts();
  const hasLoaded = layouts.isFetched;
  const list = layouts.data?.layouts ?? [];
  const isEmpty = hasLoaded && !layouts.isFetching && (layouts.isError || list.length === 0);

  return (
    <Modal opened={opened} onClose={onClose} title="Choose a layout" size="xl" radius="lg">
      <Stack gap="md">
        {layouts.isFetching ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading layouts" />
          </Center>
        ) : !hasLoaded ? (
          <Text c="dimmed" size="sm">
            Custom slides start from a layout: a title slide, text and image, big number and more.
            Load the layouts to pick one.
          </Text>
        ) : isEmpty ? (
          <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert">
            {NO_LAYOUTS_MESSAGE}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {list.map((layout) => (
              <UnstyledButton
                key={layout.id}
                onClick={() => onPick(layout)}
                aria-label={`Use layout ${layout.name}`}
                p="md"
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              >
                {layout.thumbnail && (
                  <AspectRatio ratio={16 / 9} mb="sm">
                    <Image
                      src={layout.thumbnail}
                      alt=""
                      loading="lazy"
                      radius="sm"
                      style={{ border: '1px solid var(--mantine-color-gray-2)' }}
                    />
                  </AspectRatio>
                )}
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Group gap="xs" wrap="nowrap">
                    <IconLayoutGrid size={18} color="var(--mantine-color-blue-6)" />
                    <Text fw={600}>{layout.name}</Text>
                  </Group>
                  <Badge size="sm" variant="light" tt="none">
                    {layout.placeholderCount} {layout.placeholderCount === 1 ? 'field' : 'fields'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {layout.description}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={hasLoaded ? <IconRefresh size={16} /> : undefined}
            loading={layouts.isFetching}
            onClick={() => void layouts.refetch()}
          >
            {hasLoaded ? 'Refresh' : 'Load Layouts'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
