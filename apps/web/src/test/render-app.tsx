import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { routes as appRoutes } from '../app/router.tsx';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import {
  DEFAULT_DEAL_DESK,
  defaultProductName,
  SEED_MARKETS,
  SEED_PRICE_LISTS,
  type PortalConfig,
} from '@deck-portal/domain';

type Reply = { status?: number; body?: unknown };
type Handler = (request: { body: unknown; url: URL }) => Reply | Promise<Reply>;

/**
 * Answers every test gets unless it gives its own: the wizard lists and prices products from the
 * price book the server serves, here the built-in one, and checks them against the deal desk's.
 */
const defaultHandlers: Record<string, Handler | Reply> = {
  'GET /api/price-book': { body: SEED_PRICE_BOOK },
  // The deal desk's limits the wizard checks prices against: a new portal's.
  'GET /api/deal-desk': { body: DEFAULT_DEAL_DESK },
  // The seeded markets and price lists a deck is priced in (issue 50).
  'GET /api/markets': { body: { markets: SEED_MARKETS } },
  'GET /api/price-lists': {
    body: {
      bookCurrency: 'USD',
      lists: SEED_PRICE_LISTS.map((list) => ({ ...list, updatedAt: '2026-01-05T09:00:00.000Z' })),
    },
  },
  // A portal with no TUTORIAL_URL, PRODUCT_NAME or Google sign-in set.
  'GET /api/config': { body: portalConfig() },
};

/** `GET /api/config`'s answer: a portal with nothing set, but for `overrides`. */
export function portalConfig(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return {
    tutorialUrl: '/help',
    isGoogleSignInEnabled: false,
    productName: defaultProductName,
    ...overrides,
  };
}

/**
 * Replaces `fetch` with a table of `'METHOD /path'` handlers (over {@link defaultHandlers}); a
 * call nobody handles fails the test loudly. Returns the recorded calls.
 */
export function mockApi(ownHandlers: Record<string, Handler | Reply>) {
  const handlers = { ...defaultHandlers, ...ownHandlers };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? await handler({ body, url }) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function apiError(status: number, code: string, message = code, fields?: object): Reply {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

export const approvedUser = {
  id: 'u1',
  email: 'rep@example.com',
  name: 'Robin Rep',
  role: 'sales_rep',
  status: 'approved',
  photoURL: null,
  provider: 'password',
} as const;

export const adminUser = {
  ...approvedUser,
  id: 'a1',
  email: 'admin@example.com',
  name: 'Ada Admin',
  role: 'admin',
} as const;

export const pendingUser = {
  ...approvedUser,
  id: 'p1',
  email: 'new@example.com',
  name: 'Pat Pending',
  role: 'pending',
  status: 'pending_approval',
} as const;

/** Renders the real app (providers, router, lazy routes) at `path`, in memory. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
