import { brandColorNames, type Brand } from '@deck-portal/domain';
import {
  Alert,
  ColorInput,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { LibraryPageShell } from '../../ui/library/library-page-shell.tsx';
import { useBrandPreview, useLibraryBrand, useSaveLibraryBrand } from './api/library-brand.ts';
import { BrandFontField } from './components/brand-font-field.tsx';
import { LibraryPictureField } from '../../ui/library/library-picture-field.tsx';
import { errorText } from '../../lib/library-api/error-text.ts';
import { SaveState } from '../../ui/library/save-state.tsx';

const colourLabels: Record<(typeof brandColorNames)[number], [string, string]> = {
  primary: ['Primary', 'Title slide, headings'],
  primaryDeep: ['Deep primary', 'Cards on dark slides'],
  accent: ['Accent', 'Kickers, highlights, the mark'],
  highlight: ['Highlight', 'Call-outs, used sparingly'],
  ink: ['Ink', 'Body text'],
  muted: ['Muted', 'Secondary text'],
  panel: ['Panel', 'Light boxes'],
  rule: ['Rule', 'Lines and borders'],
  background: ['Background', 'Slide background'],
};

const textFields: [keyof Omit<Brand, 'colors' | 'logo' | 'font'>, string][] = [
  ['name', 'Company name'],
  ['legalName', 'Legal name'],
  ['tagline', 'Tagline'],
  ['website', 'Website'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['address', 'Address'],
];

/** /admin/library/brand: the company's name, contact lines and palette, previewed on slides. */
export default function BrandPage() {
  const loaded = useLibraryBrand();
  return (
    <LibraryPageShell>
      {loaded.isPending ? (
        <PageLoader label="Loading the brand" />
      ) : loaded.isError ? (
        <Alert color="red" title="The brand could not be loaded">
          {errorText(loaded.error)}
        </Alert>
      ) : (
        <BrandEditor
          brand={loaded.data.brand}
          revision={loaded.data.revision}
          fontNames={loaded.data.fontNames}
        />
      )}
    </LibraryPageShell>
  );
}

function BrandEditor({
  brand,
  revision,
  fontNames,
}: {
  brand: Brand;
  revision: number;
  fontNames: Record<string, string>;
}) {
  const [draft, setDraft] = useState(brand);
  const [saved, setSaved] = useState({ brand, revision });
  const save = useSaveLibraryBrand();
  const [debounced] = useDebouncedValue(draft, 250);
  const preview = useBrandPreview(debounced);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const isDirty = draft !== saved.brand;
  const submit = () =>
    save.mutate(
      { revision: saved.revision, brand: draft },
      { onSuccess: (result) => setSaved({ brand: draft, revision: result.revision }) },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>Brand</Title>
          <Text c="dimmed">
            The company every deck speaks for: its name, contact lines, logo, font and colours.
            Saved to the library’s draft; reps see it once the library is published.
          </Text>
        </Stack>
        <Group gap="xs">
          <SaveState
            isDirty={isDirty}
            isSaved={save.isSuccess}
            isSaving={save.isPending}
            onSave={submit}
          />
        </Group>
      </Group>
      {save.isError && (
        <Alert
          color={save.error instanceof ApiError && save.error.status === 409 ? 'orange' : 'red'}
        >
          {errorText(save.error)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                {textFields.map(([key, label]) => (
                  <TextInput
                    key={key}
                    label={label}
                    value={draft[key]}
                    error={fields[`brand.${key}`]}
                    onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
                  />
                ))}
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <LibraryPictureField
                label="Logo"
                picture={draft.logo}
                alt={`${draft.name} logo`}
                empty="The drawn mark, in the accent and highlight colours."
                uploadLabel="Upload a logo"
                clearLabel="Use the drawn mark"
                hint="A square picture works best; it is fitted into the mark’s square on every slide."
                onChange={(logo) => {
                  const { logo: _logo, ...rest } = draft;
                  setDraft(logo ? { ...rest, logo } : rest);
                }}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <BrandFontField
                font={draft.font}
                names={fontNames}
                error={fields['brand.font.regular']}
                onChange={(font) => {
                  const { font: _font, ...rest } = draft;
                  setDraft(font ? { ...rest, font } : rest);
                }}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <SimpleGrid cols={2} spacing="xs">
                {brandColorNames.map((name) => (
                  <ColorInput
                    key={name}
                    label={colourLabels[name][0]}
                    description={colourLabels[name][1]}
                    format="hex"
                    eyeDropperButtonProps={{
                      'aria-label': `Pick the ${colourLabels[name][0].toLowerCase()} colour from the screen`,
                    }}
                    value={`#${draft.colors[name]}`}
                    error={fields[`brand.colors.${name}`]}
                    onChange={(value) => {
                      const hex = value.replace(/^#/, '').toUpperCase();
                      if (/^[0-9A-F]{6}$/.test(hex)) {
                        setDraft({ ...draft, colors: { ...draft.colors, [name]: hex } });
                      }
                    }}
                  />
                ))}
              </SimpleGrid>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Text fw={600}>Preview</Text>
            {preview.isError && <Alert color="red">{errorText(preview.error)}</Alert>}
            {preview.data?.slides.map((slide) => (
              <Paper key={slide.id} withBorder radius="sm" style={{ overflow: 'hidden' }}>
                <Image
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(slide.svg)}`}
                  alt={`${slide.title}, with this brand`}
                />
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
