import {
  dealDeskSettingsSchema,
  formatUsd,
  type DealDeskSettings,
  type PriceBook,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePriceBook } from '../../lib/price-book.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { ScrollingTable } from '../../ui/scrolling-table.tsx';
import { useAdminDealDesk, useSaveDealDesk } from './api/deal-desk-api.ts';
import { toFormValues, toSettings, type SettingsFormValues } from './settings-form-values.ts';

/** /admin/deal-desk: how far below list reps and managers may price, and the client's terms. */
export default function DealDeskSettingsPage() {
  const settings = useAdminDealDesk();
  const priceBook = usePriceBook();
  const error = settings.error ?? priceBook.error;
  return (
    <PageShell
      actions={
        <LinkButton to={paths.admin} icon={IconArrowLeft}>
          User Management
        </LinkButton>
      }
    >
      <Stack gap="lg" maw={960}>
        <div>
          <Title order={1}>Deal desk</Title>
          <Text c="dimmed" mt={4}>
            How far below list price reps and managers may price without approval. A deck past these
            limits carries a watermark and cannot be sent to a client until approved: by a sales
            manager for a rep’s deck, by an administrator for a manager’s.
          </Text>
        </div>
        {error ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="The deal desk settings could not be loaded"
          >
            {error.message}
          </Alert>
        ) : settings.data && priceBook.data ? (
          <SettingsForm saved={settings.data} book={priceBook.data} />
        ) : (
          <PageLoader label="Loading the deal desk settings" />
        )}
      </Stack>
    </PageShell>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

/** The schema's complaints, by the form's field paths ('roleLimits.manager'). */
function schemaErrors(settings: DealDeskSettings): Record<string, string> {
  const parsed = dealDeskSettingsSchema.safeParse(settings);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const percent = { suffix: '%', min: 0, max: 100, decimalScale: 1, allowNegative: false };
const dollars = {
  prefix: '$',
  min: 0,
  decimalScale: 2,
  thousandSeparator: ',',
  allowNegative: false,
};

/**
 * Each product's floor price and per-role limits: a table, or on a phone one small card per
 * product with its three boxes labelled, so nothing hides past the screen's edge.
 */
function ProductLimits({
  book,
  form,
  isNarrow,
}: {
  book: PriceBook;
  form: UseFormReturnType<SettingsFormValues>;
  isNarrow: boolean;
}) {
  const { roleLimits } = form.values;
  const inputs = (product: PriceBook['products'][number]) => {
    const row = `products.${product.id}`;
    const labelled = (label: string) =>
      isNarrow
        ? { label: label[0]!.toUpperCase() + label.slice(1) }
        : { 'aria-label': `${product.name}, ${label}` };
    return [
      <NumberInput
        key="floor"
        {...labelled('floor price')}
        placeholder="None"
        {...dollars}
        {...form.getInputProps(`${row}.floorPrice`)}
      />,
      <NumberInput
        key="reps"
        {...labelled('reps’ max. discount')}
        placeholder={`${roleLimits.sales_rep}% (role)`}
        {...percent}
        {...form.getInputProps(`${row}.maxDiscountPercent.sales_rep`)}
      />,
      <NumberInput
        key="managers"
        {...labelled('managers’ max. discount')}
        placeholder={`${roleLimits.manager}% (role)`}
        {...percent}
        {...form.getInputProps(`${row}.maxDiscountPercent.manager`)}
      />,
    ];
  };
  if (isNarrow) {
    return (
      <Stack gap="md" role="list" aria-label="Limits per product">
        {book.products.map((product) => (
          <Paper key={product.id} withBorder radius="md" p="sm" role="listitem">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600}>{product.name}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                List {formatUsd(product.msrp)}
              </Text>
            </Group>
            <Stack gap="xs">{inputs(product)}</Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollingTable minWidth={720} label="Limits per product">
      <Table verticalSpacing="xs" aria-label="Limits per product">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">List price</Table.Th>
            <Table.Th>Floor price</Table.Th>
            <Table.Th>Reps, max. discount</Table.Th>
            <Table.Th>Managers, max. discount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {book.products.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td fw={500}>{product.name}</Table.Td>
              <Table.Td ta="right">{formatUsd(product.msrp)}</Table.Td>
              {inputs(product).map((input) => (
                <Table.Td key={input.key}>{input}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollingTable>
  );
}

function SettingsForm({ saved, book }: { saved: DealDeskSettings; book: PriceBook }) {
  const save = useSaveDealDesk();
  // Not `useFormError`: that shows the alert only when the server names no field, whereas this
  // long form (a product table that scrolls sideways, on a phone a card per product) keeps the
  // alert above it whenever a save is refused, because the field named may be out of sight or
  // belong to a product the price book no longer lists, which has no box at all.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(saved, book),
    validate: (values) => schemaErrors(toSettings(values, saved)),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(toSettings(values, saved), {
      onSuccess: (answer) => {
        form.setInitialValues(toFormValues(answer, book));
        form.resetDirty();
        notifications.show({ color: 'teal', message: 'The deal desk settings were saved.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          form.setErrors(error.fields);
        }
        setFormError(error.message);
      },
    });
  });

  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="The settings were not saved"
          >
            {formError}
          </Alert>
        )}
        <Section
          title="Limits per role"
          description="The deepest discount off list price each role may give on any product without approval. Administrators have no limits."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Sales reps, max. discount"
              withAsterisk
              {...percent}
              {...form.getInputProps('roleLimits.sales_rep')}
            />
            <NumberInput
              label="Sales managers, max. discount"
              withAsterisk
              {...percent}
              {...form.getInputProps('roleLimits.manager')}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="Limits per product"
          description="A floor price no one goes below without approval, and per role a limit of its own. Leave a box empty to use the role’s limit."
        >
          <ProductLimits book={book} form={form} isNarrow={isNarrow} />
        </Section>

        <Section
          title="Limits per deck"
          description="Past either, a deck needs approval whatever its products’ prices. Leave a box empty for no such rule."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Max. discount on the whole quote"
              placeholder="No rule"
              {...percent}
              {...form.getInputProps('deck.maxTotalDiscountPercent')}
            />
            <NumberInput
              label="Max. quote total"
              placeholder="No rule"
              {...dollars}
              {...form.getInputProps('deck.maxTotalValue')}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="Acceptance terms"
          description="What a client agrees to when accepting a proposal on its link."
        >
          <Textarea
            label="Terms"
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            maxLength={10_000}
            {...form.getInputProps('acceptanceTerms')}
          />
        </Section>

        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending}
          >
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
