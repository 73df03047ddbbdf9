import { Stack, Switch, TextInput } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

/** The domains as the rep types them: separated by commas, spaces or new lines. */
export const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');

/**
 * The link's verified-viewer options (issue 51): ask for the viewer's e-mail, proved by a code
 * mailed to it, and optionally only addresses at some domains.
 */
export function ViewerEmailOptions({
  isRequired,
  switchProps,
  domainsProps,
}: {
  isRequired: boolean;
  switchProps: Partial<ComponentProps<typeof Switch>>;
  domainsProps: Partial<ComponentProps<typeof TextInput>>;
}) {
  return (
    <Stack gap="xs">
      <Switch
        label="Ask for the viewer's e-mail"
        description="Before showing anything, the page asks for an e-mail address and mails a code to it. Each visit then names the address."
        {...switchProps}
      />
      {isRequired && (
        <TextInput
          label="Only these domains"
          description="Optional: e.g. acme.com, separated by commas. Addresses at their subdomains count too."
          placeholder="acme.com"
          leftSection={<IconAt size={16} />}
          {...domainsProps}
        />
      )}
    </Stack>
  );
}
