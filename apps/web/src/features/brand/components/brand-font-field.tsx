import { brandFontWeights, type Brand } from '@deck-portal/domain';
import { Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useUploadLibraryFont } from '../api/upload-library-font.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';

type BrandFont = NonNullable<Brand['font']>;
type Weight = (typeof brandFontWeights)[number];

const weightLabels: Record<Weight, string> = {
  regular: 'Regular',
  medium: 'Medium',
  semibold: 'Semibold',
  bold: 'Bold',
};

const accept = '.ttf,.otf,.woff2,font/ttf,font/otf,font/woff2';

/**
 * The brand's font: the built-in family (Inter) or the company's own files, one per weight.
 * Regular comes first; a weight without a file is drawn with the nearest one given.
 */
export function BrandFontField({
  font,
  names,
  error,
  onChange,
}: {
  font: Brand['font'];
  /** What the files call themselves, by address (`Lora Bold`). */
  names: Readonly<Record<string, string>>;
  error?: string | undefined;
  onChange: (font: Brand['font']) => void;
}) {
  const upload = useUploadLibraryFont();
  const [uploading, setUploading] = useState<Weight | undefined>();
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});
  const nameOf = (address: string) => uploadedNames[address] ?? names[address] ?? 'Uploaded font';

  const choose = (weight: Weight, file: File | null) => {
    if (!file) return;
    setUploading(weight);
    upload.mutate(file, {
      onSuccess: (stored) => {
        setUploadedNames((known) => ({
          ...known,
          [stored.url]: `${stored.familyName} ${stored.styleName}`,
        }));
        onChange({ ...(font ?? { regular: stored.url }), [weight]: stored.url } as BrandFont);
      },
      onSettled: () => setUploading(undefined),
    });
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Font
      </Text>
      <Text size="sm" c="dimmed">
        {font
          ? 'Decks are set in the company’s own font: measured with its metrics, embedded in the PDF and named in the PowerPoint.'
          : 'Decks are set in Inter, the built-in font. Upload the company’s own (TrueType, OpenType or WOFF2), Regular first.'}
      </Text>
      <Table verticalSpacing={4} aria-label="Font files">
        <Table.Tbody>
          {brandFontWeights.map((weight) => {
            const address = font?.[weight];
            const isLocked = weight !== 'regular' && !font;
            return (
              <Table.Tr key={weight}>
                <Table.Td w={90}>
                  <Text size="sm">{weightLabels[weight]}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={address ? undefined : 'dimmed'}>
                    {address
                      ? nameOf(address)
                      : font
                        ? 'The nearest weight given'
                        : 'Inter (built in)'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <FileButton accept={accept} onChange={(file) => choose(weight, file)}>
                    {(props) => (
                      <Button
                        {...props}
                        size="xs"
                        variant="light"
                        disabled={isLocked}
                        loading={uploading === weight}
                        leftSection={<IconUpload size={14} />}
                        aria-label={`Upload the ${weightLabels[weight].toLowerCase()} font file`}
                      >
                        Upload
                      </Button>
                    )}
                  </FileButton>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {(upload.isError || error) && (
        <Text size="sm" c="red.8" role="alert">
          {upload.isError ? errorText(upload.error) : error}
        </Text>
      )}
      {font && (
        <Group>
          <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(undefined)}>
            Use the built-in font (Inter)
          </Button>
        </Group>
      )}
    </Stack>
  );
}
