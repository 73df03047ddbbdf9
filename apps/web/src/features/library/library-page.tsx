import {
  describeFindingCount,
  type LibraryDraftResponse,
  type LibraryDraftSlide,
  type SlideFinding,
} from '@deck-portal/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconEdit,
  IconFileImport,
  IconLanguage,
  IconLayoutDashboard,
  IconPalette,
  IconReceipt,
  IconTrash,
} from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useLibrary } from '../../lib/library-api/get-library.ts';
import { useReorderLibrarySlides } from './api/reorder-library-slides.ts';
import { useSaveLibraryDocument } from '../../lib/library-api/save-library-document.ts';
import { useDeleteLibrarySlide } from './api/delete-library-slide.ts';
import { CategoriesPanel } from './components/categories-panel.tsx';
import { DraftBar } from './components/draft-bar.tsx';
import { useLibraryPreflight } from './api/get-library-preflight.ts';
import { LibraryHistory } from './components/library-history.tsx';
import { NewSlideButton } from './components/new-slide-button.tsx';
import { errorText } from '../../lib/library-api/error-text.ts';
import { fetchLibraryDocument } from '../../lib/library-api/get-library-document.ts';

/** /admin/library: the content library's draft, by category, with publishing and history. */
export default function LibraryPage() {
  const library = useLibrary();
  // What the draft's slides would show a client that they should not, slide by slide.
  const findings = useLibraryPreflight().data?.findings ?? [];

  return (
    <PageShell
      actions={
        <>
          <LinkButton to={paths.libraryBrand} icon={IconPalette}>
            Brand
          </LinkButton>
          <LinkButton to={paths.libraryLanguages} icon={IconLanguage}>
            Languages
          </LinkButton>
          <LinkButton to={paths.products} icon={IconReceipt}>
            Price book
          </LinkButton>
          <LinkButton to={paths.dashboard} icon={IconLayoutDashboard}>
            Dashboard
          </LinkButton>
        </>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Content library</Title>
            <Text c="dimmed">
              The slides and layouts reps build decks from. Edits go into a draft; reps see them
              once you publish.
            </Text>
          </Stack>
        </Group>
        {library.isPending && <PageLoader label="Loading the library" />}
        {library.isError && (
          <Alert color="red" title="The library could not be loaded">
            {errorText(library.error)}
          </Alert>
        )}
        {library.data && (
          <>
            <DraftBar library={library.data} findings={findings} />
            <Tabs defaultValue="slides" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="slides">Slides ({library.data.slides.length})</Tabs.Tab>
                <Tabs.Tab value="layouts">Layouts ({library.data.layouts.length})</Tabs.Tab>
                <Tabs.Tab value="categories">
                  Categories ({library.data.categories.length})
                </Tabs.Tab>
                <Tabs.Tab value="history">History</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="slides" pt="md">
                <SlidesByCategory library={library.data} findings={findings} />
              </Tabs.Panel>
              <Tabs.Panel value="layouts" pt="md">
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {library.data.layouts.map((layout) => (
                    <Card key={layout.id} withBorder padding="sm" radius="md">
                      <Card.Section>
                        <Image src={layout.thumbnail} alt="" />
                      </Card.Section>
                      <Text fw={600} mt="sm">
                        {layout.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {layout.placeholderCount} fields · {layout.description}
                      </Text>
                      <Button
                        component={Link}
                        to={paths.libraryLayout(layout.id)}
                        size="xs"
                        mt="sm"
                        w="fit-content"
                        leftSection={<IconEdit size={14} />}
                        aria-label={`Edit ${layout.name}`}
                      >
                        Edit
                      </Button>
                    </Card>
                  ))}
                </SimpleGrid>
              </Tabs.Panel>
              <Tabs.Panel value="categories" pt="md">
                <CategoriesPanel />
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="md">
                <LibraryHistory />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </PageShell>
  );
}

function SlidesByCategory({
  library,
  findings,
}: {
  library: LibraryDraftResponse;
  findings: readonly SlideFinding[];
}) {
  const reorder = useReorderLibrarySlides();
  const order = library.slides.map((slide) => slide.id);
  // Moving within the master order: a slide swaps with its neighbour in the whole list.
  const move = (id: string, by: -1 | 1) => {
    const at = order.indexOf(id);
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[at], next[to]] = [next[to]!, next[at]!];
    reorder.mutate(next);
  };

  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Reps see the slides in this order. Retired slides stay here, hidden from reps.
        </Text>
        <Group gap="sm">
          <LinkButton to={paths.libraryImport} icon={IconFileImport}>
            Import PowerPoint
          </LinkButton>
          <NewSlideButton categories={library.categories} />
        </Group>
      </Group>
      {reorder.isError && (
        <Alert color="red" title="The order could not be saved">
          {errorText(reorder.error)}
        </Alert>
      )}
      {library.categories.map((category) => {
        const slides = library.slides.filter((slide) => slide.category === category.id);
        if (slides.length === 0) return null;
        return (
          <section key={category.id} aria-label={category.name}>
            <Group gap="xs" mb="sm">
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 5,
                  background: category.color,
                  display: 'inline-block',
                }}
              />
              <Title order={2} size="h4">
                {category.name}
              </Title>
              <Text size="sm" c="dimmed">
                {slides.length}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {slides.map((slide) => (
                <SlideCard
                  key={slide.id}
                  slide={slide}
                  findings={findings.filter((finding) => finding.slideId === slide.id)}
                  categories={library.categories}
                  onMove={(by) => move(slide.id, by)}
                  isFirst={order[0] === slide.id}
                  isLast={order.at(-1) === slide.id}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}

function SlideCard({
  slide,
  findings,
  categories,
  onMove,
  isFirst,
  isLast,
}: {
  slide: LibraryDraftSlide;
  findings: readonly SlideFinding[];
  categories: LibraryDraftResponse['categories'];
  onMove: (by: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
}) {
  const save = useSaveLibraryDocument();
  const remove = useDeleteLibrarySlide();
  // Only a slide no published version has: decks never named it.
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete “${slide.title}”?`,
      centered: true,
      children: (
        <Text size="sm">
          It was added since the last publish, so no deck uses it. It leaves the draft for good.
        </Text>
      ),
      labels: { confirm: 'Delete slide', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(slide.id),
    });
  const toggleRetired = async () => {
    const { document, revision } = await fetchLibraryDocument('slide', slide.id);
    save.mutate({
      kind: 'slide',
      id: slide.id,
      revision,
      document: { ...document, retired: !slide.retired },
    });
  };
  return (
    <Card
      component="article"
      withBorder
      padding="sm"
      radius="md"
      aria-label={slide.title}
      style={slide.retired ? { opacity: 0.6 } : undefined}
    >
      <Card.Section>
        <Image src={slide.thumbnail} alt="" />
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {slide.title}
          </Text>
          <Group gap={4}>
            {slide.retired && (
              <Badge color="gray" variant="light" size="sm">
                Retired
              </Badge>
            )}
            {slide.drawn === 'perPricedProduct' && (
              <Badge color="grape" variant="light" size="sm" tt="none">
                One per priced product
              </Badge>
            )}
            {slide.drawn === 'withPricing' && (
              <Badge color="grape" variant="light" size="sm" tt="none">
                With pricing
              </Badge>
            )}
            {slide.drawn === undefined && slide.inDefaultSelection && (
              <Badge color="teal" variant="light" size="sm">
                Default
              </Badge>
            )}
            {slide.forProducts.length > 0 && (
              <Badge color="blue" variant="light" size="sm" tt="none">
                For{' '}
                {slide.forProducts.length === 1
                  ? '1 product'
                  : `${slide.forProducts.length} products`}
              </Badge>
            )}
          </Group>
          {slide.problem && (
            <Text size="xs" c="red.8">
              Needs fixing before publishing: {slide.problem}
            </Text>
          )}
          {findings.length > 0 && (
            <Stack gap={2} aria-label={`Preflight of ${slide.title}`}>
              <Badge color="orange" variant="light" size="sm" tt="none">
                Preflight: {describeFindingCount(findings.length)}
              </Badge>
              {findings.map((finding, i) => (
                <Text key={i} size="xs" c="orange.9">
                  {finding.message}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Earlier">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${slide.title} earlier`}
              disabled={isFirst}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Later">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${slide.title} later`}
              disabled={isLast}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {slide.updatedBy && (
        <Text size="xs" c="dimmed" mt={4}>
          Last saved by {slide.updatedBy.name}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={paths.librarySlide(slide.id)}
          size="xs"
          leftSection={<IconEdit size={14} />}
          aria-label={`Edit ${slide.title}`}
        >
          Edit
        </Button>
        <NewSlideButton
          categories={categories}
          duplicateOf={slide}
          trigger={(open) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              aria-label={`Duplicate ${slide.title}`}
              onClick={open}
            >
              Duplicate
            </Button>
          )}
        />
        <Button
          size="xs"
          variant="subtle"
          color={slide.retired ? 'teal' : 'gray'}
          loading={save.isPending}
          onClick={() => void toggleRetired()}
          aria-label={`${slide.retired ? 'Bring back' : 'Retire'} ${slide.title}`}
        >
          {slide.retired ? 'Bring back' : 'Retire'}
        </Button>
        {slide.isNew && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={confirmDelete}
            aria-label={`Delete ${slide.title}`}
          >
            Delete
          </Button>
        )}
      </Group>
      {(save.isError || remove.isError) && (
        <Text size="xs" c="red.8" mt={4}>
          {errorText(save.error ?? remove.error)}
        </Text>
      )}
    </Card>
  );
}
