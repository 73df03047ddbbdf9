import type { FastifyInstance, FastifySchema } from 'fastify';
import { scopeOfRoute } from './token-scopes.ts';

/** The OpenAPI security schemes: the browser's session cookie, and personal API tokens. */
export const apiSecuritySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'deck_session',
    description: 'The session of a person signed in to the portal (set by /api/auth/sign-in).',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (`dpt_…`), made on the API tokens page of the portal. It reaches only the routes marked with it, within its scopes.',
  },
} as const;

/** Routes only a signed-in person may call. */
export const sessionOnly = [{ session: [] }];

/** The document's introduction: how a script calls the API, with an example. */
export function apiDescription({
  publicUrl,
  apiTokenRequestsPerMinute,
}: {
  publicUrl: string;
  apiTokenRequestsPerMinute: number;
}) {
  return `Everything the portal's pages do, they do through this API.

## Calling it from a script

Make a personal API token on your profile's **API tokens** page: name it, choose its scopes and
its expiry, and copy it at once (the portal keeps only its hash and cannot show it again). Send it
as \`Authorization: Bearer dpt_…\`. A token acts as you, on the routes marked \`apiToken\` below,
each needing one scope:

- \`decks:read\`: your decks, their versions, slides and files, and the price book;
- \`decks:write\`: create a deck, generate its next version;
- \`links:read\` / \`links:write\`: list, create and revoke a deck's client links;
- \`analytics:read\`: a link's analytics, a deck's engagement, the engagement report, their CSV files.

Other routes answer 403 to a token; an unknown, revoked or expired token, or one whose account is
no longer active, 401. Each token may make ${apiTokenRequestsPerMinute} requests a minute
(\`API_TOKEN_RATE_LIMIT\`); past it the answer is 429 with \`Retry-After\`.

### Example: send a client link by script

\`\`\`sh
TOKEN=dpt_…   # scopes decks:read and links:write
# Your newest decks: pick the deck's id.
curl -s -H "Authorization: Bearer $TOKEN" "${publicUrl}/api/recent-decks?pageSize=5"
# A link for the client, mailed to them by the portal; the answer holds its address.
curl -s -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"recipientName":"Ken Sato","recipientEmail":"ken.sato@example.com","sendEmail":true}' \\
  "${publicUrl}/api/decks/DECK_ID/client-links"
\`\`\`
`;
}

/**
 * Marks each route a token may call with both security schemes and the scope it needs, as the
 * routes are added (the OpenAPI document reads the same route options afterwards).
 */
export function describeTokenRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const scope = methods.map((method) => scopeOfRoute(method, route.url)).find(Boolean);
    if (!scope) return;
    const schema: FastifySchema = route.schema ?? {};
    // A GET route's HEAD twin shares its schema: described once.
    if (schema.security) return;
    schema.security = [{ session: [] }, { apiToken: [] }];
    const needs = `API tokens: scope \`${scope}\`.`;
    schema.description = schema.description ? `${schema.description}\n\n${needs}` : needs;
    route.schema = schema;
  });
}
