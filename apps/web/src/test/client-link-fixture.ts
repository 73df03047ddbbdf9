import type { ClientLink } from '@deck-portal/domain';
import { approvedUser } from './render-app.tsx';

/** A client link as the API lists it: active, never opened, unless `overrides` say otherwise. */
export function clientLink(overrides: Partial<ClientLink> = {}): ClientLink {
  return {
    id: 'l1',
    recipientName: 'Jane Client',
    recipientEmail: 'jane@client.com',
    createdAt: '2031-03-05T12:00:00.000Z',
    createdBy: approvedUser.name,
    expiresAt: null,
    revokedAt: null,
    status: 'active',
    hasPasscode: false,
    allowDownload: true,
    pinnedVersion: null,
    opens: 0,
    lastOpenedAt: null,
    totalViewMs: 0,
    acceptance: { enabled: false, optionalProductIds: [] },
    versionAtCreation: 1,
    ...overrides,
  };
}
