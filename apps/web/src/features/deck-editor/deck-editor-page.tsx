import {
  showsQuoteFigures,
  type DeckEditor as DeckEditorData,
  type EditorNewSlideRequest,
  type GenerationState,
  type TemplateElement,
} from '@deck-portal/domain';
import { Alert, Button, Grid, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-error.ts';
import { startModifyingDeck } from '../../lib/deck-draft-storage.ts';
import { changedFields } from '../../lib/slide-document/studio-commands.ts';
import { useEditHistory } from '../../lib/edit-history/use-edit-history.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useMakeEditorSlide } from './api/add-editor-slide.ts';
import { useDiscardEditorDraft } from './api/discard-editor-draft.ts';
import { deckEditorQueryKey, getDeckEditor, useDeckEditor } from './api/get-deck-editor.ts';
import { useDeck } from '../../lib/deck-details.ts';
import { useSaveEditedVersion } from './api/save-edited-version.ts';
import { AddSlideModal } from './components/add-slide-modal.tsx';
import {
  NewerVersionBanner,
  OthersEditingBanner,
  StaleDraftBanner,
} from './components/editor-banners.tsx';
import { EditorToolbar } from './components/editor-toolbar.tsx';
import { SlideList, type SlideAction } from './components/slide-list.tsx';
import { SavingVersion } from './components/saving-version.tsx';
import { SlideWorkspace } from './components/slide-workspace.tsx';
import { copyKey, deckEditModel, withSlideElementIds } from './deck-edit-commands.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';

/** `/deck/:id/edit`: the deck's next version, edited in the browser (issue 49). */
export default function DeckEditorPage() {
  const { id = '' } = useParams();
  const editor = useDeckEditor(id);
  const queryClient = useQueryClient();
  // The editor starts over only when asked to (Reload, a draft discarded), not at each save.
  const [reloads, setReloads] = useState(0);
  const reload = () =>
    void queryClient
      .fetchQuery({ queryKey: deckEditorQueryKey(id), staleTime: 0 })
      .then(() => setReloads((n) => n + 1));

  return (
    <PageShell actions={<BackToDashboardButton />}>
      {editor.isPending ? (
        <PageLoader label="Opening the editor" />
      ) : editor.isError ? (
        <Alert color="red" title="The editor could not be opened">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {editor.error instanceof ApiError && editor.error.status === 404
                ? 'This deck does not exist or has not been shared with you.'
                : editor.error.message}
            </Text>
            <Button component={Link} to={paths.deckPreview(id)} size="xs" variant="default">
              Back to the deck
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DeckEditor key={`${id}:${reloads}`} loaded={editor.data} onReload={reload} />
      )}
    </PageShell>
  );
}

function DeckEditor({ loaded, onReload }: { loaded: DeckEditorData; onReload: () => void }) {
  const deckId = loaded.deckId;
  const navigate = useNavigate();
  const [opened] = useState(() => withSlideElementIds(loaded.edited));
  const deck = useEditHistory(deckEditModel, opened);
  const slides = deck.state.slides;
  const [selectedKey, setSelectedKey] = useState(
    () => (opened.slides.find((s) => !s.hidden) ?? opened.slides[0])!.key,
  );
  const [selectedElement, setSelectedElement] = useState<string | undefined>();
  const [isAdding, setAdding] = useState(false);
  const autosave = useDraftAutosave({
    deckId,
    revision: loaded.revision,
    opened,
    current: deck.state,
    presence: { others: loaded.others, newerVersion: loaded.newerVersion },
  });
  const details = useDeck(deckId);
  const makeSlide = useMakeEditorSlide();
  const saveVersion = useSaveEditedVersion();
  const discard = useDiscardEditorDraft();
  const [generation, setGeneration] = useState<GenerationState | undefined>();
  // The newest version the rep was shown and saves over knowingly.
  const newer = autosave.newerVersion;
  const [conflict, setConflict] = useState<string | undefined>();

  const slideIndex = Math.max(
    0,
    slides.findIndex((s) => s.key === selectedKey),
  );
  const slide = slides[slideIndex]!;
  const [previewed] = useDebouncedValue(slide, 150);

  // Undo and redo are the editor's in its fields too (a field's own undo would leave the
  // editor's history and the field disagreeing), as in the studio.
  useHotkeys(
    [
      ['mod+Z', () => deck.undo()],
      ['mod+shift+Z', () => deck.redo()],
      ['mod+Y', () => deck.redo()],
    ],
    [],
  );

  // Leaving for another page of the portal saves what was typed last first.
  const isSaving = autosave.state.status === 'saving';
  const { flush } = autosave;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isSaving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    flush().then(
      () => blocker.proceed(),
      () => {
        if (window.confirm('Your last changes are not saved. Leave anyway?')) blocker.proceed();
        else blocker.reset();
      },
    );
  }, [blocker, flush]);

  const selectSlide = (key: string) => {
    setSelectedKey(key);
    setSelectedElement(undefined);
  };

  const onSlideAction = (key: string, action: SlideAction) => {
    const index = slides.findIndex((s) => s.key === key);
    const target = slides[index];
    if (!target) return;
    switch (action) {
      case 'up':
      case 'down':
        deck.dispatch({ type: 'moveSlide', key, to: index + (action === 'up' ? -1 : 1) });
        return;
      case 'hide':
      case 'show':
        deck.dispatch({ type: 'setHidden', key, hidden: action === 'hide' });
        return;
      case 'duplicate': {
        const copy = { ...target, key: copyKey(deck.state, key) };
        deck.dispatch({ type: 'insertSlide', slide: copy, index: index + 1 });
        selectSlide(copy.key);
        return;
      }
      case 'delete':
        deck.dispatch({ type: 'removeSlide', key });
        if (key === selectedKey) {
          const next = slides[index + 1] ?? slides[index - 1];
          if (next) selectSlide(next.key);
        }
        return;
    }
  };

  const addSlide = (request: EditorNewSlideRequest) =>
    makeSlide.mutate(
      { deckId, request },
      {
        onSuccess: ({ slide: made }) => {
          deck.dispatch({
            type: 'insertSlide',
            slide: withSlideElementIds({ slides: [made] }).slides[0]!,
            index: slideIndex + 1,
          });
          selectSlide(made.key);
          setAdding(false);
        },
      },
    );

  const modify = details.data
    ? () => {
        const found = details.data;
        startModifyingDeck(found.draft, {
          deckId,
          version: found.currentVersion,
          title: found.draft.basicInfo.deckTitle.trim() || 'Untitled Deck',
        });
        void navigate(paths.createDeck.basicInfo);
      }
    : undefined;

  const save = async () => {
    setConflict(undefined);
    try {
      const revision = await autosave.flush();
      const state = await saveVersion.mutateAsync({
        deckId,
        revision,
        ...(newer ? { replacing: newer.number } : {}),
      });
      setGeneration(state);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'edit_conflict') {
        setConflict(error.message);
        // The version saved meanwhile, named in the banner, to review before saving over it.
        const answer = await getDeckEditor(deckId).catch(() => undefined);
        if (answer) {
          autosave.setPresence({ others: answer.others, newerVersion: answer.newerVersion });
        }
      }
    }
  };

  const confirmDiscard = () => {
    if (
      !window.confirm(
        'Discard this draft? Your changes are thrown away and the editor starts again from the newest version.',
      )
    ) {
      return;
    }
    discard.mutate(deckId, { onSuccess: onReload });
  };

  if (generation) {
    return (
      <SavingVersion
        deckId={deckId}
        initial={generation}
        version={loaded.currentVersion + 1}
        onDone={() => void navigate(paths.deckPreview(deckId))}
        onBack={() => setGeneration(undefined)}
      />
    );
  }

  const changeElement = (id: string, element: TemplateElement) => {
    const before = slide.document.elements.find((e) => e.id === id);
    if (!before) return;
    deck.dispatch({
      type: 'element',
      key: slide.key,
      command: { type: 'updateElement', id, patch: changedFields(before, element) },
    });
  };

  return (
    <Stack gap="md">
      <EditorToolbar
        title={loaded.title}
        clientName={loaded.clientName}
        deckId={deckId}
        nextVersion={loaded.currentVersion + 1}
        saveState={autosave.state}
        canUndo={deck.canUndo}
        canRedo={deck.canRedo}
        onUndo={deck.undo}
        onRedo={deck.redo}
        isSavingVersion={saveVersion.isPending}
        onSaveVersion={() => void save()}
        isDiscarding={discard.isPending}
        onDiscard={confirmDiscard}
        onAddSlide={() => setAdding(true)}
      />
      <OthersEditingBanner others={autosave.others} />
      {newer && <NewerVersionBanner deckId={deckId} version={newer} />}
      {conflict && !newer && (
        <Alert color="orange" title="A newer version">
          {conflict}
        </Alert>
      )}
      {autosave.state.status === 'stale' && (
        <StaleDraftBanner message={autosave.state.message} onReload={onReload} />
      )}
      {saveVersion.isError && !(saveVersion.error instanceof ApiError && conflict) && (
        <Alert color="red" title="The version was not saved">
          {saveVersion.error.message}
        </Alert>
      )}
      {discard.isError && (
        <Alert color="red" title="The draft was not discarded">
          {discard.error.message}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3, lg: 2 }}>
          <SlideList
            deckId={deckId}
            slides={slides}
            selected={slide.key}
            onSelect={selectSlide}
            onAction={onSlideAction}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9, lg: 10 }}>
          <SlideWorkspace
            deckId={deckId}
            slide={slide}
            previewed={previewed}
            selected={selectedElement}
            onSelect={setSelectedElement}
            isLocked={(element) => showsQuoteFigures(slide, element)}
            onCommand={(command) => deck.dispatch({ type: 'element', key: slide.key, command })}
            onChange={changeElement}
            onGestureStart={deck.beginGesture}
            onGestureEnd={deck.endGesture}
            onModify={modify}
          />
        </Grid.Col>
      </Grid>
      <AddSlideModal
        opened={isAdding}
        isAdding={makeSlide.isPending}
        error={makeSlide.error?.message}
        onClose={() => setAdding(false)}
        onAdd={addSlide}
      />
    </Stack>
  );
}
