import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useUploadLibraryPicture } from '../../lib/library-api/upload-library-picture.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { PictureBrowser } from './picture-browser.tsx';

/**
 * A picture the library keeps (a logo, a product's picture): shown when it is an upload, with an
 * upload button, a choice from the pictures uploaded before, and a way back to none. The
 * picture's address is what `onChange` gets.
 */
export function LibraryPictureField({
  label,
  picture,
  alt,
  empty,
  uploadLabel,
  clearLabel,
  hint,
  onChange,
}: {
  label: string;
  picture: string | undefined;
  alt: string;
  /** What stands when there is no uploaded picture (the drawn mark, a shipped illustration). */
  empty: ReactNode;
  uploadLabel: string;
  clearLabel: string;
  hint: string;
  onChange: (picture: string | undefined) => void;
}) {
  const upload = useUploadLibraryPicture();
  const [isBrowsing, setBrowsing] = useState(false);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Group gap="sm">
        {picture?.startsWith('/api/uploads/') ? (
          <Image src={picture} alt={alt} h={48} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          onChange={(file) =>
            file && upload.mutate(file, { onSuccess: (stored) => onChange(stored.url) })
          }
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              loading={upload.isPending}
              leftSection={<IconPhotoUp size={14} />}
            >
              {uploadLabel}
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPhoto size={14} />}
          onClick={() => setBrowsing(true)}
        >
          Choose from library
        </Button>
        {picture && (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(undefined)}>
            {clearLabel}
          </Button>
        )}
      </Group>
      {upload.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(upload.error)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      <PictureBrowser
        opened={isBrowsing}
        canEdit
        onClose={() => setBrowsing(false)}
        onChoose={(address) => onChange(address)}
      />
    </Stack>
  );
}
