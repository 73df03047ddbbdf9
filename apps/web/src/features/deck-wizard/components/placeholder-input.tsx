import { placeholderInputKind, type Placeholder } from '@deck-portal/domain';
import { Image, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

export const IMAGE_URL_MESSAGE = 'Enter a full image URL starting with http:// or https://';

/** Whether a picture placeholder's text is a usable URL (blank is allowed: the field is optional). */
export function isImageUrlValid(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
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
    const isValid = isImageUrlValid(value);
    const showPreview = value.trim() !== '' && isValid;
    return (
      <Stack gap={6}>
        <TextInput
          label={label}
          type="url"
          placeholder="https://example.com/photo.jpg"
          leftSection={<IconPhoto size={16} />}
          description="The image must be publicly accessible (no sign-in), e.g. a link from your website or CDN."
          value={value}
          error={isValid ? undefined : IMAGE_URL_MESSAGE}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {showPreview && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Preview
            </Text>
            <Image
              src={value.trim()}
              alt={`Preview of ${label}`}
              h={120}
              w="auto"
              fit="contain"
              radius="sm"
              bg="gray.0"
              referrerPolicy="no-referrer"
            />
          </Stack>
        )}
      </Stack>
    );
  }
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
