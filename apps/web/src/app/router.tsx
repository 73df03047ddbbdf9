import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { loadChunk } from '../lib/lazy-chunk.ts';
import { RouteError } from '../ui/route-error.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { AdminGuard } from './guards/admin-guard.tsx';
import { LibraryGuard } from './guards/library-guard.tsx';
import { ApprovalGuard } from './guards/approval-guard.tsx';

type PageModule = { default: React.ComponentType };

/** A lazily loaded screen; a chunk that fails to arrive shows 'Loading chunk {name} failed'. */
function page(chunk: string, load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await loadChunk(chunk, load);
      return { Component: module.default };
    },
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: paths.home, element: <Navigate to={paths.auth} replace /> },
      { path: paths.auth, ...page('auth', () => import('../features/auth/auth-page.tsx')) },
      { path: paths.help, ...page('help', () => import('../features/help/help-page.tsx')) },
      {
        path: paths.resetPassword,
        ...page('reset-password', () => import('../features/auth/reset-password-page.tsx')),
      },
      {
        path: paths.unapproved,
        ...page('unapproved', () => import('../features/auth/unapproved-page.tsx')),
      },
      {
        path: paths.acceptInvite,
        ...page('accept-invite', () => import('../features/auth/accept-invite-page.tsx')),
      },
      {
        element: <AdminGuard />,
        children: [
          {
            path: paths.admin,
            ...page('admin', () => import('../features/admin/admin-page.tsx')),
          },
          {
            path: paths.outbox,
            ...page('outbox', () => import('../features/admin/outbox-page.tsx')),
          },
          {
            path: paths.adminApiTokens,
            ...page(
              'admin-api-tokens',
              () => import('../features/api-tokens/admin-api-tokens-page.tsx'),
            ),
          },
          {
            path: paths.dealDesk,
            ...page('deal-desk', () => import('../features/deal-desk/deal-desk-settings-page.tsx')),
          },
          {
            path: paths.markets,
            ...page('markets', () => import('../features/markets/markets-page.tsx')),
          },
          {
            path: paths.webhooks,
            ...page('webhooks', () => import('../features/webhooks/webhooks-page.tsx')),
          },
          {
            path: paths.audit,
            ...page('audit', () => import('../features/audit/audit-page.tsx')),
          },
        ],
      },
      {
        element: <LibraryGuard />,
        children: [
          {
            path: paths.library,
            ...page('library', () => import('../features/library/library-page.tsx')),
          },
          {
            path: paths.libraryBrand,
            ...page('brand', () => import('../features/brand/brand-page.tsx')),
          },
          {
            path: paths.libraryImport,
            ...page('library-import', () => import('../features/import/import-page.tsx')),
          },
          {
            path: paths.libraryLanguages,
            ...page('languages', () => import('../features/studio/translations-page.tsx')),
          },
          // The brand is part of the library; the short address leads there.
          { path: '/admin/brand', element: <Navigate to={paths.libraryBrand} replace /> },
          {
            path: paths.products,
            ...page('products', () => import('../features/price-book/products-page.tsx')),
          },
          {
            path: '/admin/library/slides/:id',
            ...page('slide-editor', () => import('../features/studio/slide-editor-page.tsx')),
          },
          {
            path: '/admin/library/layouts/:id',
            ...page('layout-editor', () => import('../features/studio/layout-editor-page.tsx')),
          },
        ],
      },
      {
        element: <ApprovalGuard />,
        children: [
          {
            path: paths.dashboard,
            ...page('dashboard', () => import('../features/dashboard/dashboard-page.tsx')),
          },
          {
            path: paths.approvals,
            ...page('approvals', () => import('../features/deal-desk/approvals-page.tsx')),
          },
          {
            path: paths.engagement,
            ...page(
              'engagement',
              () => import('../features/engagement-reports/engagement-page.tsx'),
            ),
          },
          {
            path: paths.profile,
            ...page('profile', () => import('../features/profile/profile-page.tsx')),
          },
          {
            path: paths.apiTokens,
            ...page('api-tokens', () => import('../features/api-tokens/api-tokens-page.tsx')),
          },
          {
            path: paths.alerts,
            ...page('alerts', () => import('../features/alerts/alerts-page.tsx')),
          },
          {
            path: paths.createDeck.basicInfo,
            ...page('basic-info', () => import('../features/deck-wizard/basic-info-page.tsx')),
          },
          {
            path: paths.createDeck.productSelection,
            ...page(
              'product-selection',
              () => import('../features/deck-wizard/product-selection-page.tsx'),
            ),
          },
          {
            path: paths.createDeck.customize,
            ...page('customize', () => import('../features/deck-wizard/customize-page.tsx')),
          },
          {
            path: paths.createDeck.generate,
            ...page('generate', () => import('../features/deck-wizard/generate-page.tsx')),
          },
          {
            path: '/deck/:id/preview',
            ...page('deck-preview', () => import('../features/deck-preview/deck-preview-page.tsx')),
          },
          {
            // Where a rep's "client opened your deck" notification leads.
            path: '/deck/:id/links/:linkId',
            ...page(
              'link-analytics',
              () => import('../features/link-analytics/link-analytics-page.tsx'),
            ),
          },
          {
            // A share recipient following the mailed link signs in first, then lands here.
            path: '/deck/:id/view',
            ...page('deck-view', () => import('../features/viewer/deck-view-page.tsx')),
          },
          {
            path: '/deck/:id/edit',
            ...page('deck-editor', () => import('../features/deck-editor/deck-editor-page.tsx')),
          },
        ],
      },
      { path: '*', ...page('not-found', () => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
