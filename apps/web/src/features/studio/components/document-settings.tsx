import {
  figureRoles,
  PLACEHOLDER_TYPES,
  slideInputTypes,
  type FigureRole,
  type PlaceholderType,
  type SlideInput,
  type SlideDrawn,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
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
          <MultiSelect
            label="Engagement counts for"
            description="A client's time on this slide goes to these products; none: the ones above, else the products it names."
            data={products.map((p) => ({ value: p.id, label: p.name }))}
            value={slide.products ?? []}
            clearable
            onChange={(tagged) => onChange({ products: tagged.length > 0 ? tagged : undefined })}
          />
        </>
      )}
      <InputsField inputs={slide.inputs ?? []} onChange={(inputs) => onChange({ inputs })} />
      <FiguresField
        figures={slide.figures ?? {}}
        roles={slide.figureRoles ?? {}}
        onChange={(figures, figureRoles) => onChange({ figures, figureRoles })}
      />
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
  roles,
  onChange,
}: {
  figures: Readonly<Record<string, string>>;
  roles: Readonly<Record<string, FigureRole>>;
  onChange: (
    figures: Record<string, string> | undefined,
    roles: Record<string, FigureRole> | undefined,
  ) => void;
}) {
  const entries = Object.entries(figures);
  /** The figures, and their roles following them when renamed or removed. */
  const set = (next: [string, string][], nextRoles: (string | undefined)[] = roleList) => {
    const kept = next.flatMap(([name], i) => {
      const role = nextRoles[i];
      return role ? [[name, role as FigureRole] as const] : [];
    });
    onChange(
      next.length > 0 ? Object.fromEntries(next) : undefined,
      kept.length > 0 ? Object.fromEntries(kept) : undefined,
    );
  };
  const roleList = entries.map(([name]) => roles[name]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Figures
      </Text>
      <Text size="xs" c="dimmed">
        Computed for each deck: arithmetic over quote.net, quote.total…, quantity.&lt;product&gt;,
        the deck inputs (input.&lt;name&gt;) and the figures above; shown in texts as{' '}
        {'{{figure.name}}'}, rounded only there. A figure’s meaning lets the preview and the wizard
        flag an unbelievable payback or a saving above the client’s costs.
      </Text>
      {entries.map(([name, formula], index) => (
        // A figure's formula gets the panel's whole width: it is what an editor reads.
        <Stack key={index} gap={2}>
          <Group gap={4} wrap="nowrap" align="flex-end">
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
            <Select
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Figure ${index + 1} meaning`}
              placeholder="Meaning"
              clearable
              data={figureRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
              value={roles[name] ?? null}
              onChange={(role) =>
                set(
                  entries,
                  roleList.map((given, i) => (i === index ? (role ?? undefined) : given)),
                )
              }
            />
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Remove figure ${name || index + 1}`}
              onClick={() =>
                set(
                  entries.filter((_, i) => i !== index),
                  roleList.filter((_, i) => i !== index),
                )
              }
            >
              <IconTrash size={12} />
            </Button>
          </Group>
          <TextInput
            size="xs"
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
        </Stack>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={() =>
          set([...entries, [`figure${entries.length + 1}`, '0']], [...roleList, undefined])
        }
      >
        Add a figure
      </Button>
    </Stack>
  );
}

const roleLabels: Record<FigureRole, string> = {
  paybackMonths: 'Payback (months)',
  yearlySaving: 'Yearly saving',
  yearlyCosts: 'Client’s yearly costs',
};

const inputTypeLabels: Record<SlideInput['type'], string> = {
  integer: 'Whole number',
  number: 'Number',
  money: 'Money ($)',
};

/** A bound or default as the field holds it: a number, or nothing while the field is empty. */
const numberOrUndefined = (value: string | number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The deck inputs a slide asks reps for (step 3 shows them when the slide is chosen): each a
 * name for formulas and texts (`input.sites`), the label and help reps read, its type and unit,
 * the default the preview and older decks use, and its bounds. Refused on save, naming the field,
 * when a default is out of its bounds or a formula names an input that is gone.
 */
function InputsField({
  inputs,
  onChange,
}: {
  inputs: readonly SlideInput[];
  onChange: (inputs: SlideInput[] | undefined) => void;
}) {
  const set = (next: SlideInput[]) => onChange(next.length > 0 ? next : undefined);
  const change = (index: number, patch: Partial<SlideInput>) =>
    set(
      inputs.map((input, i) => {
        if (i !== index) return input;
        const next = { ...input, ...patch };
        // An optional field emptied is left out, not stored empty.
        for (const key of ['unit', 'help', 'min', 'max'] as const) {
          if (next[key] === undefined || next[key] === '') delete next[key];
        }
        return next;
      }),
    );
  const add = () => {
    const taken = new Set(inputs.map((input) => input.name));
    let n = inputs.length + 1;
    while (taken.has(`input${n}`)) n += 1;
    set([...inputs, { name: `input${n}`, label: 'New input', type: 'number', default: 0 }]);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Deck inputs
      </Text>
      <Text size="xs" c="dimmed">
        Numbers reps enter in step 3 when they choose this slide; formulas and texts use them as
        input.&lt;name&gt;. The preview uses the defaults.
      </Text>
      {inputs.map((input, index) => (
        <Card key={index} withBorder p="xs" radius="sm" aria-label={`Input ${index + 1}`}>
          <Stack gap={4}>
            <Group gap={4} wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                w={110}
                label="Name"
                value={input.name}
                onChange={(event) => change(index, { name: event.currentTarget.value })}
              />
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                label="Label"
                aria-label={`Input ${index + 1} label`}
                value={input.label}
                onChange={(event) => change(index, { label: event.currentTarget.value })}
              />
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove input ${input.name || index + 1}`}
                onClick={() => set(inputs.filter((_, i) => i !== index))}
              >
                <IconTrash size={12} />
              </Button>
            </Group>
            <Group gap={4} wrap="nowrap" grow>
              <Select
                size="xs"
                label="Type"
                data={slideInputTypes.map((type) => ({
                  value: type,
                  label: inputTypeLabels[type],
                }))}
                value={input.type}
                allowDeselect={false}
                onChange={(type) => type && change(index, { type: type as SlideInput['type'] })}
              />
              <TextInput
                size="xs"
                label="Unit"
                value={input.unit ?? ''}
                onChange={(event) => change(index, { unit: event.currentTarget.value })}
              />
            </Group>
            <Group gap={4} wrap="nowrap" grow>
              <NumberInput
                thousandSeparator=","
                size="xs"
                label="Default"
                aria-label={`Input ${index + 1} default`}
                value={input.default}
                onChange={(value) => change(index, { default: numberOrUndefined(value) ?? 0 })}
              />
              <NumberInput
                thousandSeparator=","
                size="xs"
                label="Min"
                value={input.min ?? ''}
                onChange={(value) => change(index, { min: numberOrUndefined(value) })}
              />
              <NumberInput
                thousandSeparator=","
                size="xs"
                label="Max"
                value={input.max ?? ''}
                onChange={(value) => change(index, { max: numberOrUndefined(value) })}
              />
            </Group>
            <TextInput
              size="xs"
              label="Help"
              value={input.help ?? ''}
              onChange={(event) => change(index, { help: event.currentTarget.value })}
            />
          </Stack>
        </Card>
      ))}
      <Button
        size="compact-xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={12} />}
        onClick={add}
      >
        Add an input
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
