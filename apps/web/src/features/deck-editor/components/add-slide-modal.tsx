import type { EditorNewSlideRequest } from '@deck-portal/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { templateLayoutsQueryOptions } from '../../../lib/template-layouts.ts';
import { templateSlidesQueryOptions } from '../../../lib/template-slides.ts';

type Choice = { request: EditorNewSlideRequest; name: string; description: string };

/**
 * Adds a slide: one of the library's slides as the wizard lists them, or a custom slide from a
 * layout. The server makes the slide; `onAdd` gets what was chosen.
 */
export function AddSlideModal({
  opened,
  isAdding,
  error,
  onClose,
  onAdd,
}: {
  opened: boolean;
  isAdding: boolean;
  error: string | undefined;
  onClose: () => void;
  onAdd: (request: EditorNewSlideRequest) => void;
}) {
  const [from, setFrom] = useState<'library' | 'layout'>('library');
  const [search, setSearch] = useState('');
  const slides = useQuery({ ...templateSlidesQueryOptions(), enabled: opened });
  const layouts = useQuery({
    ...templateLayoutsQueryOptions(),
    enabled: opened && from === 'layout',
  });
  const source = from === 'library' ? slides : layouts;
  const choices: Choice[] =
    from === 'library'
      ? (slides.data?.slides ?? []).map((slide) => ({
          request: { templateSlideId: slide.id },
          name: slide.title,
          description: slide.description,
        }))
      : (layouts.data?.layouts ?? []).map((layout) => ({
          request: { layoutId: layout.id },
          name: layout.name,
          description: layout.description,
        }));
  const words = search.trim().toLowerCase();
  const found = choices.filter(
    (choice) => !words || `${choice.name} ${choice.description}`.toLowerCase().includes(words),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Add a slide" size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Add from"
          data={[
            { value: 'library', label: 'From the library' },
            { value: 'layout', label: 'Custom slide from a layout' },
          ]}
          value={from}
          onChange={(value) => setFrom(value as typeof from)}
        />
        <TextInput
          label="Search"
          placeholder="Title or description"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {error && (
          <Alert color="red" title="The slide could not be added">
            {error}
          </Alert>
        )}
        {source.isPending && source.fetchStatus !== 'idle' ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading slides" />
          </Group>
        ) : source.isError ? (
          <Alert color="red">{source.error.message}</Alert>
        ) : found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {choices.length === 0 ? 'There is nothing to add here yet.' : 'Nothing matches.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={6}>
              {found.map((choice) => (
                <Group
                  key={JSON.stringify(choice.request)}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {choice.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {choice.description}
                    </Text>
                  </Stack>
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={isAdding}
                    aria-label={`Add ${choice.name}`}
                    onClick={() => onAdd(choice.request)}
                  >
                    Add
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
