import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Chip,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPhotoUp, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { LibraryPicture } from '@deck-portal/domain';
import { useLibraryPictures } from '../../lib/library-api/get-library-pictures.ts';
import { useUpdateLibraryPicture } from '../../lib/library-api/update-library-picture.ts';
import { useUploadLibraryPicture } from '../../lib/library-api/upload-library-picture.ts';
import { errorText } from '../../lib/library-api/error-text.ts';

/** What the upload button takes: what the server decodes (SVG for the library only). */
const acceptedFiles = {
  library: 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml',
  own: 'image/png,image/jpeg,image/webp,image/gif',
} as const;

export const pictureBrowserMessages = {
  noPictures: 'No pictures yet. Upload one and it will be here to use again.',
  noMatch: 'No pictures match. Try other words, or another tag.',
} as const;

/**
 * The picture library in a dialog: search by name and tag, filter by one tag, and choose a
 * picture uploaded before, or upload a new one. `onChoose` gets the picture's address
 * (`/api/uploads/{id}`), which a picture element's `src` names; the dialog then closes.
 */
export function PictureBrowser({
  opened,
  onClose,
  onChoose,
  uploadTo = 'library',
  canEdit = false,
  title = 'Picture library',
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (address: string) => void;
  /**
   * `library`: a new picture is shared with everyone (the studio; content editors). `own`: it
   * is the user's own slide picture, and their own earlier ones are listed too (a rep's deck).
   */
  uploadTo?: 'library' | 'own';
  /** Content editors and admins rename and tag the library's pictures here. */
  canEdit?: boolean;
  title?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open: each opening starts from the newest pictures. */}
      <PictureBrowserBody
        uploadTo={uploadTo}
        canEdit={canEdit}
        onChoose={(address) => {
          onChoose(address);
          onClose();
        }}
      />
    </Modal>
  );
}

function PictureBrowserBody({
  uploadTo,
  canEdit,
  onChoose,
}: {
  uploadTo: 'library' | 'own';
  canEdit: boolean;
  onChoose: (address: string) => void;
}) {
  const [editing, setEditing] = useState<LibraryPicture>();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [tag, setTag] = useState('');
  const pictures = useLibraryPictures({ q, tag, own: uploadTo === 'own' });
  const upload = useUploadLibraryPicture(uploadTo);
  const listed = pictures.data?.pages.flatMap((page) => page.pictures) ?? [];
  const tags = pictures.data?.pages[0]?.tags ?? [];
  const isFiltered = q.trim() !== '' || tag !== '';

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          data-autofocus
          style={{ flex: 1 }}
          label="Search pictures"
          placeholder="Words of a name or a tag, e.g. roof"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <FileButton
          accept={acceptedFiles[uploadTo]}
          onChange={(file) =>
            file && upload.mutate(file, { onSuccess: (stored) => onChoose(stored.url) })
          }
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              loading={upload.isPending}
              leftSection={<IconPhotoUp size={14} />}
            >
              Upload new picture
            </Button>
          )}
        </FileButton>
      </Group>
      {upload.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(upload.error)}
        </Text>
      )}

      {tags.length > 0 && (
        <Group gap={6} role="group" aria-label="Filter by tag">
          {tags.map(({ tag: name, count }) => (
            <Chip
              key={name}
              size="xs"
              checked={tag === name}
              onChange={() => setTag(tag === name ? '' : name)}
            >
              {`${name} (${count})`}
            </Chip>
          ))}
        </Group>
      )}

      {pictures.isError ? (
        <Alert color="red" title="The pictures could not be loaded">
          {errorText(pictures.error)}
        </Alert>
      ) : pictures.isPending ? (
        <Center mih={160}>
          <Loader size="sm" aria-label="Loading pictures" />
        </Center>
      ) : listed.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {isFiltered ? pictureBrowserMessages.noMatch : pictureBrowserMessages.noPictures}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="sm"
          role="list"
          aria-label="Pictures"
          aria-busy={pictures.isFetching}
        >
          {listed.map((picture) => (
            <PictureTile
              key={picture.id}
              picture={picture}
              onChoose={onChoose}
              onEdit={canEdit && picture.source === 'library' ? setEditing : undefined}
            />
          ))}
        </SimpleGrid>
      )}

      {editing && (
        <PictureDetailsForm
          key={editing.id}
          picture={editing}
          onDone={() => setEditing(undefined)}
        />
      )}

      {pictures.hasNextPage && (
        <Center>
          <Button
            variant="subtle"
            loading={pictures.isFetchingNextPage}
            onClick={() => void pictures.fetchNextPage()}
          >
            Show more pictures
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** One picture: a button named by the picture's name, its tags in the tooltip. */
function PictureTile({
  picture,
  onChoose,
  onEdit,
}: {
  picture: LibraryPicture;
  onChoose: (address: string) => void;
  onEdit: ((picture: LibraryPicture) => void) | undefined;
}) {
  const details = [
    picture.tags.length > 0 ? `Tags: ${picture.tags.join(', ')}` : undefined,
    picture.width && picture.height ? `${picture.width} × ${picture.height}` : undefined,
    picture.source === 'own' ? 'Your upload' : undefined,
  ].filter((detail) => detail !== undefined);
  return (
    <div role="listitem" style={{ position: 'relative' }}>
      <UnstyledButton
        w="100%"
        title={details.join(' · ') || undefined}
        onClick={() => onChoose(picture.address)}
      >
        <Paper withBorder p={6} radius="sm">
          <Image
            src={picture.address}
            alt=""
            h={96}
            fit="contain"
            loading="lazy"
            bg="gray.0"
            radius="xs"
          />
          <Text size="xs" mt={4} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {picture.name}
          </Text>
        </Paper>
      </UnstyledButton>
      {onEdit && (
        <ActionIcon
          size="sm"
          variant="default"
          pos="absolute"
          top={10}
          right={10}
          aria-label={`Name and tags of ${picture.name}`}
          onClick={() => onEdit(picture)}
        >
          <IconPencil size={14} />
        </ActionIcon>
      )}
    </div>
  );
}

/** A library picture's name and tags, as an editor changes them (its address stays). */
function PictureDetailsForm({ picture, onDone }: { picture: LibraryPicture; onDone: () => void }) {
  const [name, setName] = useState(picture.name);
  const [tags, setTags] = useState(picture.tags);
  const update = useUpdateLibraryPicture();
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-label={`Name and tags of ${picture.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ id: picture.id, change: { name, tags } }, { onSuccess: onDone });
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TagsInput
          label="Tags"
          description="Words the library is filtered by. Press Enter after each."
          value={tags}
          onChange={setTags}
          maxTags={20}
          splitChars={[',']}
        />
        {update.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(update.error)}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={update.isPending}>
            Save name and tags
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
