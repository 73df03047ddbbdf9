import { approvalsPath, deckEditorPath } from '@deck-portal/domain';
/** Every URL of the web app, in one place (SPEC.md section 2's route table). */
export const paths = {
  home: '/',
  auth: '/auth',
  resetPassword: '/auth/reset',
  acceptInvite: '/auth/invite',
  unapproved: '/unapproved',
  admin: '/admin',
  outbox: '/admin/outbox',
  library: '/admin/library',
  libraryBrand: '/admin/library/brand',
  libraryImport: '/admin/library/import',
  librarySlide: (id: string) => `/admin/library/slides/${encodeURIComponent(id)}`,
  libraryLayout: (id: string) => `/admin/library/layouts/${encodeURIComponent(id)}`,
  products: '/admin/products',
  markets: '/admin/markets',
  dealDesk: '/admin/deal-desk',
  approvals: approvalsPath,
  dashboard: '/dashboard',
  help: '/help',
  profile: '/profile',
  createDeck: {
    basicInfo: '/create-deck/basic-info',
    productSelection: '/create-deck/product-selection',
    customize: '/create-deck/customize',
    generate: '/create-deck/generate',
  },
  deckPreview: (id: string) => `/deck/${encodeURIComponent(id)}/preview`,
  deckView: (id: string) => `/deck/${encodeURIComponent(id)}/view`,
  deckEditor: (id: string) => deckEditorPath(encodeURIComponent(id)),
  linkAnalytics: (deckId: string, linkId: string) =>
    `/deck/${encodeURIComponent(deckId)}/links/${encodeURIComponent(linkId)}`,
} as const;
