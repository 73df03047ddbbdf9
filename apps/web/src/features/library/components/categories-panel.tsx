import type { TemplateCategory } from '@deck-portal/domain';
import { Alert, Button, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useLibraryCategories, useSaveLibraryCategories } from '../api/library-categories.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { SaveState } from '../../../ui/library/save-state.tsx';

/**
 * The categories slides are filed under: the names editors and reps see, in order, the label a
 * client reads on the slides and the colour.
 */
export function CategoriesPanel() {
  const loaded = useLibraryCategories();
  if (loaded.isPending) return <PageLoader label="Loading the categories" />;
  if (loaded.isError) return <Alert color="red">{errorText(loaded.error)}</Alert>;
  return <CategoriesEditor categories={loaded.data.categories} revision={loaded.data.revision} />;
}

/** An id for a new category from its name, unused by the others. */
function newId(name: string, taken: readonly TemplateCategory[]) {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 24) || 'category';
  let id = base;
  for (let n = 2; taken.some((category) => category.id === id); n += 1) id = `${base}-${n}`;
  return id;
}

function CategoriesEditor({
  categories,
  revision,
}: {
  categories: TemplateCategory[];
  revision: number;
}) {
  const [draft, setDraft] = useState(categories);
  const [saved, setSaved] = useState({ categories, revision });
  const save = useSaveLibraryCategories();
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const change = (index: number, patch: Partial<TemplateCategory>) =>
    setDraft(draft.map((category, i) => (i === index ? { ...category, ...patch } : category)));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Step 3 of the wizard groups slides by these names. Clients never see them: a slide’s
          kicker and the agenda show the client label, in the category’s colour.
        </Text>
        <Group gap="xs">
          <SaveState
            isDirty={draft !== saved.categories}
            isSaved={save.isSuccess}
            isSaving={save.isPending}
            onSave={() =>
              save.mutate(
                { revision: saved.revision, categories: draft },
                {
                  onSuccess: (result) => setSaved({ categories: draft, revision: result.revision }),
                },
              )
            }
          />
        </Group>
      </Group>
      {save.isError && <Alert color="red">{errorText(save.error)}</Alert>}
      {draft.map((category, index) => (
        <Group key={category.id} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Category ${index + 1}`}
            description={category.id}
            value={category.name}
            error={fields[`categories.${index}.name`]}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            label="Client label"
            aria-label={`Client label of ${category.name || `category ${index + 1}`}`}
            description="On its slides and the agenda"
            placeholder={category.name}
            value={category.label ?? ''}
            error={fields[`categories.${index}.label`]}
            onChange={(event) => change(index, { label: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ColorInput
            aria-label={`Colour of ${category.name || `category ${index + 1}`}`}
            format="hex"
            withEyeDropper={false}
            value={category.color}
            onChange={(color) => /^#[0-9A-Fa-f]{6}$/.test(color) && change(index, { color })}
            w={140}
          />
          <Button
            variant="subtle"
            color="red"
            px={6}
            aria-label={`Remove ${category.name || `category ${index + 1}`}`}
            onClick={() => setDraft(draft.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </Button>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          setDraft([
            ...draft,
            { id: newId('New category', draft), name: 'New category', color: '#5A6B80' },
          ])
        }
      >
        Add a category
      </Button>
    </Stack>
  );
}
