/**
 * Who may call each documented route. The OpenAPI document holds no security requirements, so
 * the fuzzer keeps the rule here, beside it; a route missing from this table (or a row no
 * longer in the document) fails the fuzzer, so a new route is classified before it ships.
 *
 * - `public`: anyone, signed in or not.
 * - `link`: anyone, but only an active client link's token opens it (checked per request).
 * - `link-before-passcode`: as `link`, and a passcode link's token opens it before its passcode
 *   is given (who sent the link, shown on the passcode screen).
 * - `signed-in`: any signed-in user, whatever the account's status.
 * - `approved`: an approved account with a role.
 * - `manager`: an approved manager or admin.
 * - `content`: an approved content editor or admin (the content library).
 * - `admin`: an approved admin.
 */
export type Access =
  | 'public'
  | 'link'
  | 'link-before-passcode'
  | 'signed-in'
  | 'approved'
  | 'manager'
  | 'content'
  | 'admin';

/** The callers the fuzzer speaks as. */
export const callers = ['anonymous', 'pending', 'rep', 'admin'] as const;
export type Caller = (typeof callers)[number];

/** Keyed `METHOD /path/{param}` as the OpenAPI document spells it. */
export const routeAccess = {
  'GET /api/config': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/auth/accept-invite': 'public',
  'POST /api/notify-admin': 'signed-in',
  'GET /api/template-slides': 'approved',
  'GET /api/template-layouts': 'approved',
  'GET /api/template-slides/{id}/thumbnail': 'approved',
  'POST /api/template-slides/figures': 'approved',
  'GET /api/template-layouts/{id}/thumbnail': 'approved',
  'POST /api/generate-slides': 'approved',
  'GET /api/decks/{id}/generation': 'approved',
  'GET /api/decks/{id}/generation/events': 'approved',
  'POST /api/decks/{id}/generation/retry': 'approved',
  'GET /api/recent-decks': 'approved',
  'GET /api/decks': 'manager',
  'GET /api/decks/{id}': 'approved',
  'GET /api/decks/{id}/preflight': 'approved',
  'DELETE /api/decks/{id}': 'approved',
  'GET /api/decks/{id}/download': 'approved',
  'GET /api/decks/{id}/pptx': 'approved',
  'GET /api/decks/{id}/slides': 'approved',
  'GET /api/decks/{id}/slides/{index}': 'approved',
  'GET /api/decks/{id}/versions': 'approved',
  'POST /api/decks/{id}/versions': 'approved',
  'POST /api/decks/{id}/versions/{number}/restore': 'approved',
  'POST /api/decks/{id}/duplicate': 'approved',
  'POST /api/decks/{id}/archive': 'approved',
  'POST /api/decks/{id}/unarchive': 'approved',
  'POST /api/share-presentation': 'approved',
  'GET /api/decks/{id}/shares': 'approved',
  'PATCH /api/decks/{id}/shares/{shareId}': 'approved',
  'DELETE /api/decks/{id}/shares/{shareId}': 'approved',
  'GET /api/decks/{id}/editor': 'approved',
  'PUT /api/decks/{id}/editor': 'approved',
  'DELETE /api/decks/{id}/editor': 'approved',
  'POST /api/decks/{id}/editor/versions': 'approved',
  'POST /api/decks/{id}/editor/preview': 'approved',
  'POST /api/decks/{id}/editor/slides': 'approved',
  'POST /api/decks/{id}/edited-files': 'approved',
  'GET /api/decks/{id}/edited-files/{fileId}': 'approved',
  'POST /api/decks/{id}/edited-files/{fileId}/versions': 'approved',
  'POST /api/decks/{id}/client-links': 'approved',
  'GET /api/decks/{id}/client-links': 'approved',
  'POST /api/decks/{id}/client-links/{linkId}/revoke': 'approved',
  'GET /api/decks/{id}/client-links/{linkId}/analytics': 'approved',
  'GET /api/client-view/{token}': 'link',
  'POST /api/client-view/{token}/unlock': 'public',
  'GET /api/client-view/{token}/slides/{index}': 'link',
  'GET /api/client-view/{token}/download': 'link',
  'GET /api/client-view/{token}/sender': 'link-before-passcode',
  'GET /api/client-view/{token}/sender/photo': 'link-before-passcode',
  'GET /api/client-view/{token}/sender/logo': 'link-before-passcode',
  'POST /api/client-view/{token}/visits': 'link',
  'POST /api/client-view/{token}/visits/{visitId}/events': 'link',
  'POST /api/client-view/{token}/visits/{visitId}/link-clicks': 'link',
  'POST /api/client-view/{token}/visits/{visitId}/end': 'link',
  // Verified viewers (issue 51): answered for any live link, as the passcode's unlock is.
  'GET /api/client-view/{token}/viewer': 'public',
  'POST /api/client-view/{token}/viewer/code': 'public',
  'POST /api/client-view/{token}/viewer/verify': 'public',
  'POST /api/client-view/{token}/accept': 'link',
  'POST /api/client-view/{token}/decline': 'link',
  'GET /api/notifications': 'approved',
  'GET /api/profile': 'approved',
  'PATCH /api/profile': 'approved',
  'PUT /api/profile/photo': 'approved',
  'DELETE /api/profile/photo': 'approved',
  'POST /api/uploads': 'approved',
  'POST /api/pictures/check': 'approved',
  'POST /api/text/check': 'approved',
  'POST /api/decks/preflight': 'approved',
  'GET /api/uploads/{id}': 'approved',
  'POST /api/notifications/{id}/read': 'approved',
  'GET /api/admin-notifications': 'admin',
  'POST /api/admin-notifications/{id}/read': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/outbox': 'admin',
  'GET /api/admin/outbox/{id}/attachments/{number}': 'admin',
  'GET /api/admin/mail-templates': 'admin',
  // The published brand's logo, which mails show: a mail program has no session.
  'GET /api/mail/logo/{id}': 'public',
  'GET /api/admin/stats': 'admin',
  'POST /api/admin/users/{id}/approve': 'admin',
  'POST /api/admin/users/{id}/decline': 'admin',
  'PATCH /api/admin/users/{id}': 'admin',
  'DELETE /api/admin/users/{id}': 'admin',
  'POST /api/admin/invitations': 'admin',
  'GET /api/deal-desk': 'approved',
  'GET /api/admin/deal-desk': 'admin',
  'PUT /api/admin/deal-desk': 'admin',
  'GET /api/decks/{id}/approval': 'approved',
  'POST /api/decks/{id}/approval-requests': 'approved',
  'GET /api/approvals': 'manager',
  'POST /api/approvals/{requestId}/decision': 'manager',
  'GET /api/decks/{id}/proposal-responses': 'approved',
  'GET /api/decks/{id}/proposal-responses/{responseId}/certificate.pdf': 'approved',
  'GET /api/price-book': 'approved',
  'GET /api/markets': 'approved',
  'PUT /api/admin/markets/{code}': 'admin',
  'DELETE /api/admin/markets/{code}': 'admin',
  'GET /api/price-lists': 'approved',
  'PUT /api/admin/price-lists/{currency}': 'admin',
  'DELETE /api/admin/price-lists/{currency}': 'admin',
  'GET /api/decks/client-defaults': 'approved',
  'GET /api/admin/products': 'content',
  'POST /api/admin/products': 'content',
  'POST /api/admin/products/{id}/changes': 'content',
  'GET /api/admin/products/{id}/history': 'content',
  'GET /api/library': 'content',
  'GET /api/library/slides/{id}': 'content',
  'PUT /api/library/slides/{id}': 'content',
  'POST /api/library/slides': 'content',
  'PUT /api/library/slide-order': 'content',
  'GET /api/library/layouts/{id}': 'content',
  'PUT /api/library/layouts/{id}': 'content',
  'GET /api/library/slides/{id}/thumbnail': 'content',
  'DELETE /api/library/slides/{id}': 'content',
  'GET /api/library/layouts/{id}/thumbnail': 'content',
  'POST /api/library/preview': 'content',
  'GET /api/library/preflight': 'content',
  'POST /api/library/pictures': 'content',
  'GET /api/library/pictures': 'approved',
  'PUT /api/library/pictures/{id}': 'content',
  'POST /api/library/fonts': 'content',
  'POST /api/library/imports': 'content',
  'GET /api/library/imports/{id}': 'content',
  'GET /api/library/imports/{id}/slides/{number}/thumbnail': 'content',
  'GET /api/library/imports/{id}/slides/{number}/original': 'content',
  'POST /api/library/imports/{id}/slides': 'content',
  'GET /api/library/brand': 'content',
  'PUT /api/library/brand': 'content',
  'POST /api/library/brand/preview': 'content',
  'GET /api/library/categories': 'content',
  'PUT /api/library/categories': 'content',
  'GET /api/library/translations': 'content',
  'GET /api/library/translations/{lang}': 'content',
  'PUT /api/library/translations/{lang}': 'content',
  'GET /api/library/translations/{lang}/export': 'content',
  'POST /api/library/translations/{lang}/import': 'content',
  'POST /api/library/publish': 'content',
  'POST /api/library/discard': 'content',
  'GET /api/library/versions': 'content',
  'POST /api/library/versions/{number}/restore': 'content',
  'GET /api/admin/price-lists/{currency}/export': 'admin',
  'POST /api/admin/price-lists/{currency}/import': 'admin',
  // Issue 51: engagement, alerts, tokens, webhooks and the audit log.
  'GET /api/decks/{id}/engagement': 'approved',
  'GET /api/decks/{id}/engagement.csv': 'approved',
  'GET /api/engagement': 'approved',
  'GET /api/engagement.csv': 'approved',
  'GET /api/profile/alerts': 'approved',
  'PUT /api/profile/alerts': 'approved',
  'POST /api/profile/alerts/slack-test': 'approved',
  'GET /api/tokens': 'approved',
  'POST /api/tokens': 'approved',
  'DELETE /api/tokens/{id}': 'approved',
  'GET /api/admin/tokens': 'admin',
  'DELETE /api/admin/tokens/{id}': 'admin',
  'GET /api/admin/webhooks': 'admin',
  'POST /api/admin/webhooks': 'admin',
  'PATCH /api/admin/webhooks/{id}': 'admin',
  'DELETE /api/admin/webhooks/{id}': 'admin',
  'POST /api/admin/webhooks/{id}/roll-secret': 'admin',
  'POST /api/admin/webhooks/{id}/test': 'admin',
  'GET /api/admin/webhooks/{id}/deliveries': 'admin',
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/audit.csv': 'admin',
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof routeAccess;

/**
 * Routes the server answers that the document leaves out on purpose (`hide`): the client
 * page and the catch-all refusals. Requests the fuzzer sends can land on them (an empty
 * or slash-bearing token); they are public.
 */
export const hiddenRoutes = ['/api/client-view/*', '/v/:token', '/v/:token/', '/v/*'] as const;

/** Whether `caller` passes the route's guard. */
export function isAllowed(access: Access, caller: Caller): boolean {
  switch (access) {
    case 'public':
    case 'link':
    case 'link-before-passcode':
      return true;
    case 'signed-in':
      return caller !== 'anonymous';
    case 'approved':
      return caller === 'rep' || caller === 'admin';
    case 'manager':
    case 'content':
    case 'admin':
      return caller === 'admin';
  }
}

/** The fastify route pattern (`/api/decks/:id`) of a document path (`/api/decks/{id}`). */
export function toFastifyPath(documentPath: string) {
  return documentPath.replace(/\{([^}]+)\}/g, ':$1');
}

/** The access rule of the route fastify matched, by its pattern; undefined for none. */
export function accessOfMatchedRoute(method: string, pattern: string): Access | undefined {
  if ((hiddenRoutes as readonly string[]).includes(pattern)) return 'public';
  // HEAD is answered by the GET route of the same path.
  const lookup = method === 'HEAD' ? 'GET' : method;
  for (const [key, access] of Object.entries(routeAccess)) {
    const [keyMethod, keyPath] = key.split(' ') as [string, string];
    if (keyMethod === lookup && toFastifyPath(keyPath) === pattern) return access;
  }
  return undefined;
}
