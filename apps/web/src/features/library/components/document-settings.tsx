import {
  PLACEHOLDER_TYPES,
  type PlaceholderType,
  type SlideDrawn,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/** Mantine's Select holds strings: "when a rep chooses it" (no `drawn`) is this value. */
const chosen = 'chosen';

const drawnOptions: { value: SlideDrawn | typeof chosen; label: string }[] = [
  { value: chosen, label: 'When a rep chooses it' },
  { value: 'perPricedProduct', label: 'Once per priced product (its pricing bindings)' },
  { value: 'withPricing', label: 'Once when the deck shows pricing' },
];

/**
 * A slide's own fields: what reps see in the list, its heading, category and selection, the
 * products it is about, and the figures it computes.
 */
export function SlideSettings({
  slide,
  categories,
  products,
  onChange,
}: {
  slide: TemplateSlideDocument;
  categories: readonly { id: string; name: string }[];
  /** The price book's products, for "about these products". */
  products: readonly { id: string; name: string }[];
  onChange: (patch: Partial<TemplateSlideDocument>) => void;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Slide
      </Text>
      <TextInput
        label="Title"
        description="What reps see in the slide list."
        value={slide.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      <TextInput
        label="Description"
        value={slide.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
      />
      <TextInput
        label="Heading"
        description="Shown in the title bar."
        value={slide.heading ?? ''}
        onChange={(event) => onChange({ heading: event.currentTarget.value })}
      />
      <TextInput
        label="Subheading"
        description="Under the heading; empty for none."
        value={slide.subheading ?? ''}
        onChange={(event) => onChange({ subheading: event.currentTarget.value || undefined })}
      />
      <Select
        label="Category"
        data={categories.map((c) => ({ value: c.id, label: c.name }))}
        value={slide.category}
        allowDeselect={false}
        onChange={(category) => category && onChange({ category })}
      />
      <Select
        label="In a deck"
        description="Slides drawn with pricing are not offered to reps."
        data={drawnOptions}
        value={slide.drawn ?? chosen}
        allowDeselect={false}
        onChange={(value) =>
          onChange({ drawn: value === chosen ? undefined : (value as SlideDrawn | undefined) })
        }
      />
      {slide.drawn === undefined && (
        <>
          <Checkbox
            label="In the default selection"
            checked={slide.inDefaultSelection ?? false}
            onChange={(event) => onChange({ inDefaultSelection: event.currentTarget.checked })}
          />
          <MultiSelect
            label="About these products"
            description="In the default selection only when the deck sells one of them; none: always."
            data={products.map((p) => ({ value: p.id, label: p.name }))}
            value={slide.forProducts ?? []}
            clearable
            onChange={(forProducts) =>
              onChange({ forProducts: forProducts.length > 0 ? forProducts : undefined })
            }
          />
        </>
      )}
      <FiguresField figures={slide.figures ?? {}} onChange={(figures) => onChange({ figures })} />
      <Checkbox
        label={
          slide.drawn === undefined ? 'Retired (hidden from reps)' : 'Retired (no longer drawn)'
        }
        checked={slide.retired ?? false}
        onChange={(event) => onChange({ retired: event.currentTarget.checked })}
      />
    </Stack>
  );
}

/**
 * The figures a slide computes, in order: a name and a formula over the quote (`quote.net`),
 * the products' quantities (`quantity.controller`) and the figures above it; texts show them as
 * `{{figure.name}}`. A formula that cannot compute is refused on save, naming the figure.
 */
function FiguresField({
  figures,
  onChange,
}: {
  figures: Readonly<Record<string, string>>;
  onChange: (figures: Record<string, string> | undefined) => void;
}) {
  const entries = Object.entries(figures);
  const set = (next: [string, string][]) =>
    onChange(next.length > 0 ? Object.fromEntries(next) : undefined);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Figures
      </Text>
      <Text size="xs" c="dimmed">
        Computed for each deck: arithmetic over quote.net, quote.total…, quantity.&lt;product&gt;
        and the figures above; shown in texts as {'{{figure.name}}'}.
      </Text>
      {entries.map(([name, formula], index) => (
        <Group key={index} gap={4} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            w={110}
            aria-label={`Figure ${index + 1} name`}
            value={name}
            onChange={(event) =>
              set(
                entries.map((entry, i) =>
                  i === index ? [event.currentTarget.value, entry[1]] : entry,
                ),
              )
            }
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`Figure ${index + 1} formula`}
            value={formula}
            onChange={(event) =>
              set(
                entries.map((entry, i) =>
                  i === index ? [entry[0], event.currentTarget.value] : entry,
                ),
              )
            }
          />
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Remove figure ${name || index + 1}`}
            onClick={() => set(entries.filter((_, i) => i !== index))}
          >
            <IconTrash size={12} />
          </Button>
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={() => set([...entries, [`figure${entries.length + 1}`, '0']])}
      >
        Add a figure
      </Button>
    </Stack>
  );
}

const typeLabels: Record<PlaceholderType, string> = {
  TITLE: 'Title',
  CENTERED_TITLE: 'Centred title',
  SUBTITLE: 'Subtitle',
  BODY: 'Body text',
  CONTENT: 'Content',
  CAPTION: 'Caption',
  BIG_NUMBER: 'Big number',
  PICTURE: 'Picture',
  MEDIA: 'Media',
  ONLINE_IMAGE: 'Online image',
  SLIDE_IMAGE: 'Slide image',
};

/**
 * A layout's own fields and its placeholders: the fields a rep fills on step 3, each shown on the
 * slide through a `{{placeholder.<id>}}` binding.
 */
export function LayoutSettings({
  layout,
  onChange,
}: {
  layout: TemplateLayout;
  onChange: (patch: Partial<TemplateLayout>) => void;
}) {
  const setPlaceholder = (index: number, patch: Partial<TemplateLayout['placeholders'][number]>) =>
    onChange({
      placeholders: layout.placeholders.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    });
  const addPlaceholder = () => {
    const taken = new Set(layout.placeholders.map((p) => p.objectId));
    let n = layout.placeholders.length + 1;
    while (taken.has(`field${n}`)) n += 1;
    onChange({
      placeholders: [
        ...layout.placeholders,
        { objectId: `field${n}`, label: 'New field', type: 'BODY' },
      ],
    });
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Layout
      </Text>
      <TextInput
        label="Name"
        description="What reps see when they add a custom slide."
        value={layout.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
      />
      <TextInput
        label="Description"
        value={layout.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
      />
      <Text fw={600} size="sm" mt="xs">
        Fields reps fill
      </Text>
      {layout.placeholders.map((placeholder, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Field ${index + 1}`}
            description={`{{placeholder.${placeholder.objectId}}}`}
            value={placeholder.label}
            onChange={(event) => setPlaceholder(index, { label: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Select
            aria-label={`Kind of field ${index + 1}`}
            data={PLACEHOLDER_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
            value={placeholder.type}
            allowDeselect={false}
            onChange={(type) => type && setPlaceholder(index, { type: type as PlaceholderType })}
            w={130}
          />
          <Button
            variant="subtle"
            color="red"
            px={6}
            aria-label={`Remove field ${index + 1}`}
            onClick={() =>
              onChange({ placeholders: layout.placeholders.filter((_, i) => i !== index) })
            }
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
        onClick={addPlaceholder}
      >
        Add a field
      </Button>
    </Stack>
  );
}
