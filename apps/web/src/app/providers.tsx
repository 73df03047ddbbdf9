import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import toastClasses from './toasts.module.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { usePortalConfig } from '../lib/portal-config.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** The tab's title: this installation's name once its configuration is read (index.html's before). */
function ProductTitle() {
  const productName = usePortalConfig().data?.productName;
  useEffect(() => {
    if (productName) document.title = productName;
  }, [productName]);
  return null;
}

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" classNames={toastClasses} />
          <ProductTitle />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
