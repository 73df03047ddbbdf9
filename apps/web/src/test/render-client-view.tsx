import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '../app/query-client.ts';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { ClientViewPage } from '../features/client-view/client-view-page.tsx';

/** Renders the client's page (/v/{token}) with the providers of client-view-main.tsx. */
export function renderClientView(token: string | null) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ClientViewPage token={token} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
