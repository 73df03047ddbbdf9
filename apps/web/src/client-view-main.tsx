import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, cssVariablesResolver, theme } from './app/providers.tsx';
import { readClientViewToken } from './features/client-view/client-view-token.ts';
import { ClientViewPage } from './features/client-view/client-view-page.tsx';

// The page a client opens from a link (/v/{token}): its own entry, so it loads none of the
// portal (router, sign-in, other screens) and shows none of it.
const queryClient = createQueryClient();
const token = readClientViewToken(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ClientViewPage token={token} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
