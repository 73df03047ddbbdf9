import { useState } from 'react';
import {
  placeholderInputKind,
  uploadContentTypes,
  uploadIdOf,
  uploadMaxBytes,
  type Placeholder,
} from '@deck-portal/domain';
import { Button, FileButton, Group, Image, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { usePictureCheck, useUploadPicture } from '../api/pictures.ts';

export const IMAGE_URL_MESSAGE = 'Enter a full image URL starting with http:// or https://';

/** Whether a picture placeholder's text is a usable URL (blank is allowed: the field is optional). */
export function isImageUrlValid(value: string): boolean {
  const text = value.trim();
  if (text === '' || uploadIdOf(text)) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** SPEC.md §5: a multi-line box, an image URL with preview, or one line, by placeholder type. */
export function PlaceholderInput({
  placeholder,
  value,
  onChange,
}: {
  placeholder: Placeholder;
  value: string;
  onChange: (value: string) => void;
}) {
  const label = placeholder.label || placeholder.type;
  const kind = placeholderInputKind(placeholder.type);

  if (kind === 'multiline') {
    return (
      <Textarea
        label={label}
        autosize
        minRows={3}
        maxRows={10}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  }
  if (kind === 'url') {
    return <PictureInput label={label} value={value} onChange={onChange} />;
  }
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function PicturePreview({ src, label }: { src: string; label: string }) {
  return (
    <Image
      src={src}
      alt={`Preview of ${label}`}
      h={120}
      w="auto"
      fit="contain"
      radius="sm"
      bg="gray.0"
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * A picture: an address on the web or a file the rep uploads. An address is checked as
 * generation would fetch it once the rep leaves the field, so a broken one shows here, not in
 * the PDF.
 */
function PictureInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const upload = useUploadPicture();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const text = value.trim();
  const isUpload = uploadIdOf(text) !== undefined;
  const isValid = isImageUrlValid(value);
  // Checked once the rep leaves the field (or uploads), not at every keystroke.
  const [committed, setCommitted] = useState(text);
  const check = usePictureCheck(isValid && committed === text ? text : '');

  const onFile = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > uploadMaxBytes) {
      setUploadError(
        `This file is ${(file.size / (1024 * 1024)).toFixed(1)} MB; pictures can be at most ${uploadMaxBytes / (1024 * 1024)} MB.`,
      );
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        setCommitted(stored.url);
        onChange(stored.url);
      },
      onError: (error) => setUploadError(error.message),
    });
  };

  const checkError =
    check.data && !check.data.ok ? `This picture cannot be used: ${check.data.reason}.` : undefined;
  const uploadButton = (
    <FileButton onChange={onFile} accept={uploadContentTypes.join(',')}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          size="xs"
          leftSection={<IconUpload size={14} />}
          loading={upload.isPending}
        >
          {isUpload ? 'Replace picture' : 'Upload a picture'}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap={6}>
      {isUpload ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Group gap="sm">
            {uploadButton}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange('')}
            >
              Remove picture
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <TextInput
            label={label}
            type="url"
            placeholder="https://example.com/photo.jpg"
            leftSection={<IconPhoto size={16} />}
            description="An address anyone can open (no sign-in), or upload the picture instead."
            value={value}
            error={isValid ? checkError : IMAGE_URL_MESSAGE}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={() => setCommitted(text)}
          />
          <Group gap="sm">{uploadButton}</Group>
        </>
      )}
      {uploadError && (
        <Text size="xs" c="red" role="alert">
          {uploadError}
        </Text>
      )}
      {isValid && text !== '' && committed === text && (
        <Text size="xs" c={check.data?.ok ? 'teal.8' : 'dimmed'} role="status">
          {check.isFetching
            ? 'Checking the picture…'
            : check.data?.ok
              ? `Picture found${check.data.width ? ` (${check.data.width} × ${check.data.height} px)` : ''}.`
              : ''}
        </Text>
      )}
      {isValid && text !== '' && (isUpload || check.data?.ok) && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Preview
          </Text>
          <PicturePreview src={text} label={label} />
        </Stack>
      )}
      {isUpload && check.data && !check.data.ok && (
        <Text size="xs" c="red" role="alert">
          {checkError}
        </Text>
      )}
    </Stack>
  );
}
