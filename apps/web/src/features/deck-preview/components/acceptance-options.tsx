import { Checkbox, Stack, Switch, Text, type SwitchProps } from '@mantine/core';
import { useId } from 'react';

/**
 * A client link's acceptance options: the switch that lets the client accept the proposal on
 * the page and, when it is on, which of the deck's products are optional (the client chooses
 * whether each is in; the totals follow).
 */
export function AcceptanceOptions({
  products,
  enabled,
  optionalProductIds,
  error,
  switchProps,
  onOptionalChange,
}: {
  products: { id: string; name: string }[];
  enabled: boolean;
  optionalProductIds: string[];
  error: unknown;
  switchProps: SwitchProps;
  onOptionalChange: (ids: string[]) => void;
}) {
  const errorId = useId();
  const message = typeof error === 'string' ? error : null;
  return (
    <Stack gap={6}>
      <Switch label="Let the client accept this proposal on the page" {...switchProps} />
      {enabled && (
        <Text size="sm" c="dimmed" pl="xl">
          The client sees the priced summary and the terms, types their name and title, and accepts
          or answers “Not now”. Mark the items they may choose to include:
        </Text>
      )}
      {enabled && products.length > 0 && (
        <Stack gap={4} pl="xl" role="group" aria-label="Optional items">
          {products.map((product) => (
            <Checkbox
              key={product.id}
              label={`Optional — the client chooses: ${product.name}`}
              checked={optionalProductIds.includes(product.id)}
              onChange={(event) =>
                onOptionalChange(
                  event.currentTarget.checked
                    ? [...optionalProductIds, product.id]
                    : optionalProductIds.filter((id) => id !== product.id),
                )
              }
              aria-describedby={message ? errorId : undefined}
            />
          ))}
        </Stack>
      )}
      {message && (
        <Text id={errorId} size="sm" c="red" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
