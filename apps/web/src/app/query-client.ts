import { QueryClient } from '@tanstack/react-query';

/** The data defaults of both entries (the portal and the client's page). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}
