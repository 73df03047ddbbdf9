import type { LibraryDraftResponse, LibraryDraftSlide } from '@deck-portal/domain';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateLibrarySlide } from '../api/create-library-slide.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';

/** New slide (empty, in a category) or Duplicate (a copy of one): asks a title, then edits it. */
export function NewSlideButton({
  categories,
  duplicateOf,
  trigger,
}: {
  categories: LibraryDraftResponse['categories'];
  duplicateOf?: LibraryDraftSlide;
  trigger?: (open: () => void) => ReactNode;
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const [title, setTitle] = useState(duplicateOf ? `${duplicateOf.title} (copy)` : '');
  const [category, setCategory] = useState(duplicateOf?.category ?? categories[0]?.id ?? '');
  const create = useCreateLibrarySlide();
  const navigate = useNavigate();
  const fields = create.error instanceof ApiError ? create.error.fields : {};

  return (
    <>
      {trigger ? (
        trigger(open)
      ) : (
        <Button leftSection={<IconPlus size={16} />} onClick={open}>
          New slide
        </Button>
      )}
      <Modal
        opened={isOpen}
        onClose={close}
        title={duplicateOf ? `Duplicate “${duplicateOf.title}”` : 'New slide'}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { title, category, ...(duplicateOf ? { duplicateOf: duplicateOf.id } : {}) },
              { onSuccess: (created) => void navigate(paths.librarySlide(created.document.id)) },
            );
          }}
        >
          <Stack>
            <TextInput
              label="Title"
              description="What reps see in the slide list."
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={fields.title}
              data-autofocus
            />
            <Select
              label="Category"
              data={categories.map((c) => ({ value: c.id, label: c.name }))}
              value={category}
              onChange={(value) => value && setCategory(value)}
              allowDeselect={false}
              error={fields.category}
            />
            {create.isError && Object.keys(fields).length === 0 && (
              <div role="alert">{errorText(create.error)}</div>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                {duplicateOf ? 'Duplicate and edit' : 'Create and edit'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
