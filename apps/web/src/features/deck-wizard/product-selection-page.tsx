import { useState } from 'react';
import {
  PRODUCT_IDS,
  PRODUCTS,
  formatUsd,
  productSelectionSchema,
  type ProductId,
  type ProductSelection,
  endSentence,
} from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { loadDeckDraft, saveDeckDraft } from '../../lib/deck-draft-storage.ts';
import { missingStepPath, RedirectTo } from './components/require-draft.tsx';
import { WizardLayout } from './components/wizard-layout.tsx';

type ProductValues = {
  includePricing: boolean;
  selectedProducts: { id: ProductId; quantity: number | string; customPricing: number | string }[];
  customPricing: ProductSelection['customPricing'];
};

function initialValues(saved: ProductSelection | undefined): ProductValues {
  return {
    includePricing: saved?.includePricing ?? false,
    selectedProducts: saved?.selectedProducts.map((p) => ({ ...p })) ?? [],
    customPricing: saved?.customPricing ?? {},
  };
}

function save(parsed: ProductSelection) {
  // Keep only the pricing-text edits of products still selected.
  const chosen = new Set(parsed.selectedProducts.map((p) => p.id));
  const customPricing = Object.fromEntries(
    Object.entries(parsed.customPricing).filter(([id]) => chosen.has(id as ProductId)),
  );
  return saveDeckDraft({ productSelection: { ...parsed, customPricing } });
}

/** Step 2 (SPEC.md §2): the products in the proposal, with quantities and prices when priced. */
export default function ProductSelectionPage() {
  const navigate = useNavigate();
  const [draft] = useState(loadDeckDraft);
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: initialValues(draft.productSelection),
    validate: schemaResolver(productSelectionSchema, { sync: true }),
    // Saved as the rep types, so a reload (or a closed tab) keeps the choices: whenever the
    // values make a valid selection, which is what Continue would save.
    onValuesChange: (changed) => {
      const parsed = productSelectionSchema.safeParse(changed);
      if (parsed.success) save(parsed.data);
    },
  });
  const missing = missingStepPath(draft, 'basic-info');
  if (missing) return <RedirectTo to={missing} />;

  const values = form.getValues();
  const indexOf = (id: ProductId) => values.selectedProducts.findIndex((p) => p.id === id);

  /** SPEC.md §4: selecting adds the default quantity at the MSRP; unselecting removes it. */
  const toggle = (id: ProductId, checked: boolean) => {
    const index = indexOf(id);
    if (checked && index === -1) {
      const product = PRODUCTS[id];
      form.insertListItem('selectedProducts', {
        id,
        quantity: product.defaultQuantity,
        customPricing: product.msrp,
      });
    } else if (!checked && index !== -1) {
      form.removeListItem('selectedProducts', index);
    }
    form.clearFieldError('selectedProducts');
  };

  const submit = form.onSubmit((raw) => {
    save(productSelectionSchema.parse(raw));
    navigate(paths.createDeck.customize);
  });

  const previous = () => {
    const parsed = productSelectionSchema.safeParse(form.getValues());
    if (parsed.success) save(parsed.data);
    navigate(paths.createDeck.basicInfo);
  };

  const listError = form.errors.selectedProducts;

  return (
    <WizardLayout
      active={1}
      title="Select Products"
      description={endSentence(
        `Choose what you are proposing to ${draft.basicInfo?.clientName ?? 'the client'}`,
      )}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Switch
              size="md"
              label="Include pricing in presentation"
              description="Adds a pricing slide per product with quantity, unit price, shipping, ITC credit and net price"
              {...form.getInputProps('includePricing', { type: 'checkbox' })}
            />
          </Paper>

          {listError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {listError}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {PRODUCT_IDS.map((id) => {
              const product = PRODUCTS[id];
              const index = indexOf(id);
              const isSelected = index !== -1;
              return (
                <Card
                  key={id}
                  component="section"
                  aria-label={product.name}
                  withBorder
                  radius="lg"
                  p="lg"
                  style={{
                    borderColor: isSelected ? 'var(--mantine-color-blue-5)' : undefined,
                    boxShadow: isSelected ? '0 0 0 1px var(--mantine-color-blue-5)' : undefined,
                    transition: 'border-color 120ms, box-shadow 120ms',
                  }}
                >
                  <Stack gap="sm">
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Checkbox
                        size="md"
                        checked={isSelected}
                        onChange={(event) => toggle(id, event.currentTarget.checked)}
                        label={
                          <Text fw={600} size="lg">
                            {product.name}
                          </Text>
                        }
                      />
                      <Text fw={600} c="blue.8" style={{ whiteSpace: 'nowrap' }}>
                        {formatUsd(product.msrp)}
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          MSRP
                        </Text>
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {product.description}
                    </Text>
                    <Group gap={6}>
                      {product.features.map((feature) => (
                        <Badge key={feature} variant="light" color="gray" radius="sm" tt="none">
                          {feature}
                        </Badge>
                      ))}
                    </Group>
                    {isSelected && values.includePricing && (
                      <Group grow align="flex-start" mt="xs">
                        <NumberInput
                          label="Quantity"
                          min={1}
                          // Say why 0 is refused (SPEC.md §5) rather than silently changing it.
                          clampBehavior="none"
                          step={1}
                          allowDecimal={false}
                          thousandSeparator=","
                          {...form.getInputProps(`selectedProducts.${index}.quantity`)}
                        />
                        <NumberInput
                          label="Unit Price"
                          min={0}
                          clampBehavior="none"
                          allowNegative={false}
                          step={0.01}
                          decimalScale={2}
                          prefix="$"
                          thousandSeparator=","
                          {...form.getInputProps(`selectedProducts.${index}.customPricing`)}
                        />
                      </Group>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>

          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={previous}>
              Previous
            </Button>
            <Group gap="md">
              <Text size="sm" c="dimmed">
                {values.selectedProducts.length} selected
              </Text>
              <Button type="submit" rightSection={<IconArrowRight size={16} />}>
                Continue
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </WizardLayout>
  );
}
