import {
  libraryImportMaxBytes,
  libraryImportMessages,
  pptxContentTypes,
  type DeckDetails,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  type PaperProps,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileTypePpt, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useDeckGeneration } from '../../../lib/deck-generation.ts';
import { FileReadingProgress } from '../../../ui/file-reading-progress.tsx';
import { GenerationProgressCard } from '../../../ui/generation-status.tsx';
import { useEditedFile } from '../api/get-edited-file.ts';
import { useSaveEditedFile, type SavedEditedFileVersion } from '../api/save-edited-file.ts';
import { useUploadEditedFile } from '../api/upload-edited-file.ts';
import {
  FigureChanges,
  SlideChanges,
  type FiguresChoice,
} from './upload-edited-file-comparison.tsx';

const accept = `.pptx,${pptxContentTypes[0]}`;

export const uploadEditedFileMessages = {
  notPptx: 'Choose the deck’s PowerPoint file (.pptx), as PowerPoint or Keynote saved it.',
  failedTitle: 'This file cannot become a version',
  saveFailedTitle: 'The version could not be saved',
};

/**
 * "Upload edited PowerPoint" on the deck page (issue 49): the deck's own file, changed in
 * PowerPoint or Keynote, is read and compared with the deck's newest version; the rep sees what
 * changed, chooses whose figures stand when the file's differ from the quote, and saves it as
 * the next version.
 *
 * The save is followed here rather than in the dialog, so a rep who closes the dialog while the
 * version is generated still sees the deck page turn to it.
 */
export function UploadEditedFileButton({ deck }: { deck: DeckDetails }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [fileId, setFileId] = useState<string | null>(null);
  const save = useSaveEditedFile(deck.id);
  const { reset: resetSave } = save;
  const accepted = save.data;
  const isQueued = accepted?.status === 'generating';
  const followed = useDeckGeneration(
    isQueued ? deck.id : undefined,
    isQueued ? { ...accepted, status: 'generating' } : undefined,
  );
  const current = isQueued ? followed.state : accepted;
  const isSaving = save.isPending || current?.status === 'generating';
  const nextVersion = deck.currentVersion + 1;

  // Made: the dialog has done its work; the deck page (refreshed) shows the version.
  const madeVersion = current?.status === 'completed' ? (current.version ?? true) : undefined;
  useEffect(() => {
    if (madeVersion === undefined) return;
    notifications.show({
      color: 'green',
      message:
        typeof madeVersion === 'number'
          ? `Version ${madeVersion} is saved from your PowerPoint file.`
          : 'The new version is saved from your PowerPoint file.',
    });
    close();
    setFileId(null);
    resetSave();
  }, [madeVersion, close, resetSave]);

  const saveAs = (figures: FiguresChoice) => {
    if (!fileId) return;
    save.mutate(
      { fileId, figures },
      {
        onSuccess: (answer) => {
          if (answer.status === 'generating') followed.restart({ ...answer, status: 'generating' });
        },
      },
    );
  };
  const chooseAnother = () => {
    resetSave();
    setFileId(null);
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={open}
        loading={isSaving && !opened}
      >
        Upload edited PowerPoint
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Upload edited PowerPoint"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {fileId === null ? (
          <ChooseEditedFile deck={deck} nextVersion={nextVersion} onUploaded={setFileId} />
        ) : (
          <EditedFileStatus
            deckId={deck.id}
            fileId={fileId}
            nextVersion={nextVersion}
            saving={{ isSaving, state: current, error: save.error }}
            onSave={saveAs}
            onChooseAnother={chooseAnother}
          />
        )}
      </Modal>
    </>
  );
}

const dropZoneStyle = (isOver: boolean): PaperProps['style'] => ({
  borderStyle: 'dashed',
  borderWidth: 2,
  borderColor: isOver ? 'var(--mantine-color-blue-5)' : undefined,
  background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
});

/** Step one: the file, dropped or chosen; one too large or not a `.pptx` is refused here. */
function ChooseEditedFile({
  deck,
  nextVersion,
  onUploaded,
}: {
  deck: DeckDetails;
  nextVersion: number;
  onUploaded: (fileId: string) => void;
}) {
  const upload = useUploadEditedFile(deck.id);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [isOver, setOver] = useState(false);
  // Cleared after each choice, so choosing the same file again (after fixing it) still counts.
  const resetRef = useRef<() => void>(null);

  const take = (file: File | null | undefined) => {
    if (!file) return;
    resetRef.current?.();
    upload.reset();
    if (!file.name.toLowerCase().endsWith('.pptx')) {
      setRefusal(uploadEditedFileMessages.notPptx);
      return;
    }
    if (file.size > libraryImportMaxBytes) {
      setRefusal(libraryImportMessages.tooLarge);
      return;
    }
    setRefusal(undefined);
    upload.mutate(file, { onSuccess: (uploaded) => onUploaded(uploaded.id) });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!upload.isPending) take(event.dataTransfer.files[0]);
  };
  const error = refusal ?? upload.error?.message;

  return (
    <Stack gap="md">
      <Text size="sm">
        The deck’s own PowerPoint, changed in PowerPoint or Keynote: its texts, pictures, slide
        order and added or removed slides become version {nextVersion}. You see what changed before
        anything is saved.
      </Text>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="This file was not taken">
          {error}
        </Alert>
      )}
      <Paper
        withBorder
        radius="md"
        p="xl"
        style={dropZoneStyle(isOver)}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Stack gap="sm" align="center">
          <IconFileTypePpt size={36} stroke={1.5} aria-hidden />
          <Text size="sm" c="dimmed" ta="center">
            Drop the .pptx here (up to 100 MB), or
          </Text>
          <FileButton
            accept={accept}
            onChange={take}
            resetRef={resetRef}
            disabled={upload.isPending}
          >
            {(props) => (
              <Button {...props} loading={upload.isPending} leftSection={<IconUpload size={16} />}>
                {error ? 'Choose another file' : 'Choose a .pptx file'}
              </Button>
            )}
          </FileButton>
          {upload.isPending && (
            <Text size="sm" role="status">
              Uploading…
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The file as read: being read, refused (why), or compared with the version, to be saved. */
function EditedFileStatus({
  deckId,
  fileId,
  nextVersion,
  saving,
  onSave,
  onChooseAnother,
}: {
  deckId: string;
  fileId: string;
  nextVersion: number;
  saving: {
    isSaving: boolean;
    state: SavedEditedFileVersion | undefined;
    error: Error | null;
  };
  onSave: (figures: FiguresChoice) => void;
  onChooseAnother: () => void;
}) {
  const editedFile = useEditedFile(deckId, fileId);
  const [choice, setChoice] = useState<FiguresChoice | null>(null);
  const chooseAnother = (
    <Button
      variant="default"
      leftSection={<IconFileTypePpt size={16} />}
      onClick={onChooseAnother}
      disabled={saving.isSaving}
    >
      Choose another file
    </Button>
  );

  const { data } = editedFile;
  // A poll that failed keeps what was known; only a file never loaded is an error here.
  if (!data) {
    if (editedFile.isPending) return <Text role="status">Reading your file…</Text>;
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" title="This file could not be loaded" w="100%">
          {editedFile.error?.message}
        </Alert>
        {chooseAnother}
      </Stack>
    );
  }
  if (data.state === 'reading') {
    return (
      <FileReadingProgress
        fileName={data.fileName}
        status="Reading your file…"
        progress={data.progress}
        showsWhileUnknown
      />
    );
  }
  if (data.state === 'failed') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={uploadEditedFileMessages.failedTitle}
          w="100%"
        >
          {data.error ?? 'Please try another file.'}
        </Alert>
        {chooseAnother}
      </Stack>
    );
  }

  const hasFigures = data.figureChanges.length > 0;
  // Without figures that differ, the file's and the quote's are the same: the file's stand.
  const figures: FiguresChoice | null = hasFigures ? choice : 'file';
  const failure =
    saving.state?.status === 'failed'
      ? (saving.state.error ?? 'The version could not be made.')
      : saving.error?.message;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {data.fileName}
        {data.slideCount !== null ? ` · ${data.slideCount} slides` : ''}
      </Text>
      <SlideChanges file={data} />
      {hasFigures && (
        <FigureChanges
          figures={data.figureChanges}
          choice={choice}
          onChoose={setChoice}
          disabled={saving.isSaving}
        />
      )}
      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={uploadEditedFileMessages.saveFailedTitle}
        >
          {failure}
        </Alert>
      )}
      {saving.isSaving && <GenerationProgressCard state={saving.state} />}
      <Group justify="space-between">
        {chooseAnother}
        <Button
          leftSection={<IconFileTypePpt size={16} />}
          loading={saving.isSaving}
          disabled={figures === null}
          onClick={() => figures && onSave(figures)}
        >
          Save as version {nextVersion}
        </Button>
      </Group>
      {figures === null && (
        <Text size="xs" c="dimmed" ta="right">
          Choose which figures the version shows to save it.
        </Text>
      )}
    </Stack>
  );
}
