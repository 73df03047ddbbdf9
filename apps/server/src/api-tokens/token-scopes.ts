import type { ApiTokenScope } from '@deck-portal/domain';

/**
 * Every route an API token may call, and the scope it needs (issue 51). Kept in one table, not
 * on each route, so what a token reaches is read in one place: a route missing here refuses
 * tokens whatever their scopes (token management, admin pages, the profile, passwords and
 * sessions are a person's business). Tokens create and read; deleting a deck stays with people.
 * A test checks each entry names a route the app has.
 */
export const routeScopes: Readonly<Record<string, ApiTokenScope>> = {
  // A deck, its versions and files, and what a script needs to write a draft.
  'GET /api/decks': 'decks:read',
  'GET /api/recent-decks': 'decks:read',
  'GET /api/decks/:id': 'decks:read',
  'GET /api/decks/:id/versions': 'decks:read',
  'GET /api/decks/:id/slides': 'decks:read',
  'GET /api/decks/:id/slides/:index': 'decks:read',
  'GET /api/decks/:id/download': 'decks:read',
  'GET /api/decks/:id/pptx': 'decks:read',
  'GET /api/decks/:id/preflight': 'decks:read',
  'GET /api/decks/:id/generation': 'decks:read',
  'GET /api/decks/:id/generation/events': 'decks:read',
  'GET /api/decks/:id/proposal-responses': 'decks:read',
  'GET /api/decks/:id/proposal-responses/:responseId/certificate.pdf': 'decks:read',
  'GET /api/decks/client-defaults': 'decks:read',
  'GET /api/price-book': 'decks:read',
  'GET /api/markets': 'decks:read',
  'GET /api/price-lists': 'decks:read',
  'GET /api/template-slides': 'decks:read',
  'GET /api/template-layouts': 'decks:read',

  // A new deck, its next version.
  'POST /api/generate-slides': 'decks:write',
  'POST /api/decks/preflight': 'decks:write',
  'POST /api/decks/:id/versions': 'decks:write',
  'POST /api/decks/:id/generation/retry': 'decks:write',
  'POST /api/decks/:id/duplicate': 'decks:write',

  'GET /api/decks/:id/client-links': 'links:read',
  'POST /api/decks/:id/client-links': 'links:write',
  'POST /api/decks/:id/client-links/:linkId/revoke': 'links:write',

  // A link's and a deck's engagement, the managers' report across decks, and their CSV files.
  'GET /api/decks/:id/client-links/:linkId/analytics': 'analytics:read',
  'GET /api/decks/:id/engagement': 'analytics:read',
  'GET /api/decks/:id/engagement.csv': 'analytics:read',
  'GET /api/engagement': 'analytics:read',
  'GET /api/engagement.csv': 'analytics:read',
};

/** The scope a route needs from a token, or undefined when tokens may not call it. */
export function scopeOfRoute(method: string, url: string): ApiTokenScope | undefined {
  // Fastify answers HEAD for every GET route.
  const asGet = method === 'HEAD' ? 'GET' : method;
  return routeScopes[`${asGet} ${url}`];
}
