import {
  pricingBindingFields,
  productBindingFields,
  quoteFigureNames,
  type LibraryDocumentKind,
  type LibraryDocumentProblem,
  type PriceBook,
  type TemplateElement,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Grid,
  Group,
  List,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowForwardUp, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { HistoryButton } from '../../ui/history-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { LibraryPageShell } from '../../ui/library/library-page-shell.tsx';
import { useLibrary } from '../../lib/library-api/get-library.ts';
import {
  useLibraryDocument,
  type LibraryDocument,
} from '../../lib/library-api/get-library-document.ts';
import { useLibraryPreview } from './api/preview-library-document.ts';
import { useSaveLibraryDocument } from '../../lib/library-api/save-library-document.ts';
import { LayoutSettings, SlideSettings } from './components/document-settings.tsx';
import { describeElement } from '../../lib/slide-document/element-boxes.ts';
import { ElementPanel } from './components/element-panel.tsx';
import type { BindingGroup } from './components/binding-menu.tsx';
import { usePriceBook } from '../../lib/price-book.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { SaveState } from '../../ui/library/save-state.tsx';
import { SlideCanvas } from '../../ui/slide-canvas/slide-canvas.tsx';
import { useEditHistory } from '../../lib/edit-history/use-edit-history.ts';
import { isSameDocument } from '../../lib/slide-document/is-same-document.ts';
import {
  changedFields,
  elementIdOf,
  newElementId,
  studioEditModel,
  withElementIds,
  type StudioElement,
} from '../../lib/slide-document/studio-commands.ts';

/**
 * One slide or layout of the library's draft (`/admin/library/slides/:id`, `…/layouts/:id`),
 * edited on its canvas and in the side panel.
 */
export function DocumentEditorPage({ kind }: { kind: LibraryDocumentKind }) {
  const { id = '' } = useParams();
  const slide = useLibraryDocument(kind, id);
  const library = useLibrary();
  // The editor starts over only when asked to reload (after a conflict), not at each save.
  const [reloads, setReloads] = useState(0);

  return (
    <LibraryPageShell>
      {slide.isPending || library.isPending ? (
        <PageLoader label="Opening the slide" />
      ) : slide.isError || library.isError ? (
        <Alert color="red" title={`The ${kind} could not be opened`}>
          {errorText(slide.error ?? library.error)}
        </Alert>
      ) : (
        <DocumentEditor
          key={`${id}:${reloads}`}
          kind={kind}
          id={id}
          loaded={slide.data.document}
          revision={slide.data.revision}
          problems={slide.data.problems ?? []}
          categories={library.data.categories}
          palette={library.data.palette}
          onReload={() => void slide.refetch().then(() => setReloads((n) => n + 1))}
        />
      )}
    </LibraryPageShell>
  );
}

function DocumentEditor({
  kind,
  id,
  loaded,
  revision,
  problems,
  categories,
  palette,
  onReload,
}: {
  kind: LibraryDocumentKind;
  id: string;
  loaded: LibraryDocument;
  revision: number;
  problems: LibraryDocumentProblem[];
  categories: { id: string; name: string }[];
  palette: { value: string; hex: string }[];
  onReload: () => void;
}) {
  // Every element gets an id to be addressed by; new ids are saved with the next save, and are
  // no change of their own.
  const [opened] = useState(() => withElementIds(loaded));
  const document = useEditHistory(studioEditModel, opened);
  const [selected, setSelected] = useState<string | undefined>();
  const save = useSaveLibraryDocument();
  const [savedRevision, setSavedRevision] = useState(revision);
  // A document stored broken comes mended (its bad texts as plain words): until that is saved,
  // the draft still holds the broken one, so it counts as a change to save.
  const [saved, setSaved] = useState<LibraryDocument | undefined>(
    problems.length > 0 ? undefined : opened,
  );
  const isDirty = useMemo(() => !isSameDocument(document.state, saved), [document.state, saved]);
  const [debounced] = useDebouncedValue(document.state, 150);
  const previewRequest = useMemo(
    () =>
      kind === 'slide'
        ? { kind, document: debounced as TemplateSlideDocument }
        : { kind, document: debounced as TemplateLayout },
    [kind, debounced],
  );
  const preview = useLibraryPreview(previewRequest);
  const priceBook = usePriceBook();
  const current = document.state;
  const elements = current.elements as StudioElement[];

  // Undo and redo are the studio's in its fields too: a field's own undo would be an edit of
  // its own, and would leave the studio's history and the field's disagreeing.
  useHotkeys(
    [
      ['mod+Z', () => document.undo()],
      ['mod+shift+Z', () => document.redo()],
      ['mod+Y', () => document.redo()],
    ],
    [],
  );
  useHotkeys([['mod+S', () => submit()]]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return isDirty && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(`Leave without saving your changes to this ${kind}?`)) blocker.proceed();
    else blocker.reset();
  }, [blocker, kind]);

  const change = (patch: Partial<LibraryDocument>) =>
    document.dispatch({
      type: 'setDocumentSettings',
      patch: changedFields(current, { ...current, ...patch }),
    });
  const changeElement = (id: string, element: TemplateElement) => {
    const before = elements.find((e) => e.id === id);
    if (before)
      document.dispatch({ type: 'updateElement', id, patch: changedFields(before, element) });
  };
  const deleteElement = (id: string) => {
    document.dispatch({ type: 'removeElement', id });
    setSelected(undefined);
  };
  // New elements land where they are easy to see, selected for editing.
  const newElements: [string, TemplateElement][] = [
    [
      'Text',
      {
        kind: 'text',
        x: 80,
        y: 200,
        w: 400,
        h: 80,
        text: 'New text',
        style: { weight: 'regular', size: 20, minSize: 12, color: 'brand.ink' },
      },
    ],
    ['Shape', { kind: 'rect', x: 80, y: 200, w: 240, h: 120, fill: 'brand.panel', radius: 8 }],
    // A line, an arrow once its end is set to one.
    ['Line', { kind: 'line', x1: 120, y1: 300, x2: 420, y2: 300, color: 'brand.ink', width: 2 }],
    [
      'Picture',
      { kind: 'picture', x: 600, y: 160, w: 280, h: 200, src: '', fit: 'cover', alt: '' },
    ],
    // The deck's quote (line items, totals, credit, net): drawn when the deck shows pricing.
    [
      'Quote',
      {
        kind: 'quote',
        x: 48,
        y: 124,
        w: 864,
        h: 300,
        headerFill: 'brand.primary',
        stripe: '#F7F9FC',
        emphasisFill: '#E3F4F7',
      },
    ],
    [
      'Chart',
      {
        kind: 'chart',
        x: 480,
        y: 140,
        w: 420,
        h: 300,
        chart: 'column',
        categories: ['2024', '2025', '2026'],
        series: [
          { name: 'Before', values: [120, 135, 150] },
          { name: 'After', values: [90, 80, 70] },
        ],
        legend: 'bottom',
        gridlines: true,
        size: 11,
        color: 'brand.ink',
      },
    ],
    [
      'Feature tags',
      {
        kind: 'chips',
        x: 80,
        y: 400,
        w: 520,
        h: 50,
        products: [priceBook.data?.products[0]?.id ?? 'controller'],
        style: { weight: 'medium', size: 9.5, color: 'brand.ink' },
        fill: 'brand.background',
        stroke: { color: 'brand.rule', width: 0.75 },
        radius: 10,
      },
    ],
  ];
  const addElement = (element: TemplateElement) => {
    const id = newElementId(new Set(current.elements.flatMap((e) => elementIdOf(e) ?? [])));
    document.dispatch({ type: 'addElement', element: { ...element, id } as StudioElement });
    setSelected(id);
  };

  function submit() {
    if (!isDirty || save.isPending) return;
    const sent = current;
    save.mutate(
      { kind, id, revision: savedRevision, document: sent },
      {
        onSuccess: (result) => {
          setSavedRevision(result.revision);
          setSaved(sent);
        },
      },
    );
  }

  const isConflict = save.error instanceof ApiError && save.error.status === 409;
  const element = selected === undefined ? undefined : elements.find((e) => e.id === selected);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Editing the draft · revision {savedRevision}
          </Text>
          <Title order={1} size="h2">
            {'title' in current ? current.title : current.name}
          </Title>
        </Stack>
        <Group gap="xs">
          <HistoryButton
            label="Undo"
            keys="Ctrl+Z"
            icon={IconArrowBackUp}
            disabled={!document.canUndo}
            onClick={document.undo}
          />
          <HistoryButton
            label="Redo"
            keys="Ctrl+Shift+Z"
            icon={IconArrowForwardUp}
            disabled={!document.canRedo}
            onClick={document.redo}
          />
          <SaveState
            isDirty={isDirty}
            isSaved={save.isSuccess}
            isSaving={save.isPending}
            onSave={submit}
          />
        </Group>
      </Group>

      {problems.length > 0 && saved === undefined && (
        <Alert color="orange" title={`This ${kind} has a problem`}>
          <Stack gap={4}>
            {problems.map((problem) => (
              <Text size="sm" key={problem.field}>
                {problem.field ? `${problem.field}: ` : ''}
                {problem.message}
              </Text>
            ))}
            <Text size="sm">
              Such text is shown here as plain words. Save the {kind} to keep that, or change it:
              the draft cannot be published until it is saved.
            </Text>
          </Stack>
        </Alert>
      )}

      {save.isError &&
        (isConflict ? (
          <Alert color="orange" title="Saved by someone else">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{save.error.message}</Text>
              <Button size="xs" variant="default" onClick={onReload}>
                Reload the {kind}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title={`The ${kind} was not saved`}>
            {errorText(save.error)}
          </Alert>
        ))}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {/* The slide stays in view while the side panel scrolls. */}
          <Stack gap="xs" style={{ position: 'sticky', top: 16 }}>
            <SlideCanvas
              svg={preview.data?.svg}
              elements={elements}
              selected={selected}
              onSelect={setSelected}
              onMove={(ids, dx, dy) => document.dispatch({ type: 'moveElements', ids, dx, dy })}
              onResize={changeElement}
              onGestureStart={document.beginGesture}
              onGestureEnd={document.endGesture}
            />
            {preview.isError && (
              <Text size="sm" c="red.8" role="alert">
                {errorText(preview.error)}
              </Text>
            )}
            {preview.data && preview.data.overflowing.length > 0 && (
              <Alert color="orange" title="Text that does not fit">
                {preview.data.overflowing.map((text) => `“${text}”`).join(', ')}: shorten it, make
                its box larger or allow a smaller size. The slide cannot be saved like this.
              </Alert>
            )}
            {preview.data && preview.data.figureFindings.length > 0 && (
              <Alert color="yellow" title="Figures a client would not believe">
                <List size="sm" spacing={4}>
                  {preview.data.figureFindings.map((finding) => (
                    <List.Item key={finding.figure}>{finding.message}</List.Item>
                  ))}
                </List>
                <Text size="xs" c="dimmed" mt={6}>
                  With the sample deck (one typical site at list prices) and the deck inputs’
                  defaults. Reps see the same check with their own order before they generate.
                </Text>
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              Drawn by the deck engine with sample data (“Your Client”): what the PDF will show.
              Drag or resize a box; arrow keys move it by a point, Shift+arrow by ten.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="sm" radius="md">
              {element && selected !== undefined ? (
                <ElementPanel
                  // A panel per element: what one is half-way through typing stays with it.
                  key={selected}
                  element={element}
                  palette={palette}
                  extraBindings={documentBindings(current, priceBook.data)}
                  products={priceBook.data?.products ?? []}
                  onChange={(next) => changeElement(selected, next)}
                  onDelete={() => deleteElement(selected)}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Select an element on the {kind} or in the list below to edit it.
                </Text>
              )}
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Elements
                </Text>
                <Group gap={4}>
                  {newElements.map(([label, element]) => (
                    <Button
                      key={label}
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconPlus size={12} />}
                      onClick={() => addElement(element)}
                    >
                      {label}
                    </Button>
                  ))}
                </Group>
              </Group>
              <ScrollArea.Autosize mah={220}>
                {elements.map((item) => (
                  <NavLink
                    component="button"
                    key={item.id}
                    label={describeElement(item)}
                    active={selected === item.id}
                    onClick={() => setSelected(item.id)}
                  />
                ))}
              </ScrollArea.Autosize>
            </Paper>
            <Paper withBorder p="sm" radius="md">
              {'placeholders' in current ? (
                <LayoutSettings layout={current} onChange={change} />
              ) : (
                <SlideSettings
                  slide={current}
                  categories={categories}
                  products={priceBook.data?.products ?? []}
                  onChange={change}
                />
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * What a text of this document may show beyond the deck's own bindings: a layout's fields, a
 * slide's figures, the quote's totals, and each product's fields and quantity in the deck.
 */
function documentBindings(
  document: TemplateSlideDocument | TemplateLayout,
  priceBook: PriceBook | undefined,
): BindingGroup[] {
  return [
    {
      label: 'Fields of the layout',
      paths:
        'placeholders' in document
          ? document.placeholders.map((p) => `placeholder.${p.objectId}`)
          : [],
    },
    {
      label: 'Figures of this slide',
      paths: Object.keys(('figures' in document && document.figures) || {}).map(
        (name) => `figure.${name}`,
      ),
    },
    {
      label: 'This slide’s product (drawn once per priced product)',
      paths:
        'drawn' in document && document.drawn === 'perPricedProduct'
          ? pricingBindingFields.map((field) => `pricing.${field}`)
          : [],
    },
    {
      label: 'Quote (when the deck shows pricing)',
      paths: [...quoteFigureNames.map((n) => `quote.${n}`), 'quote.editedProducts'],
    },
    ...(priceBook?.products ?? []).map((product) => ({
      label: product.name,
      paths: [
        `quantity.${product.id}`,
        ...productBindingFields.map((field) => `product.${product.id}.${field}`),
      ],
    })),
  ];
}
