import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@deck-portal/domain';
import { draft, useClientLinkWorld } from './helpers/client-links-world.ts';

// What a rep does to a deck and its client links is in the audit log (issue 51): links made and
// revoked, shares given, changed and taken back, the deck deleted, each with its address.
const world = useClientLinkWorld();

async function auditOf(targetId: string) {
  const res = await world.get(`/api/admin/audit?targetId=${targetId}`, {
    cookie: world.cookies.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().entries as AuditEntry[]).reverse();
}

const minute = 60_000;

const sentence = (entry: AuditEntry) =>
  [entry.action, entry.target?.userEmail, entry.oldValue, entry.newValue, entry.address].join(
    ' | ',
  );

describe('a deck’s client links', () => {
  it('records the link made, for whom, on what terms, and its revocation', async () => {
    const deckId = await world.newDeck(world.cookies.rep, 'Harbour cold store');
    const { id } = await world.createLink(deckId, { allowDownload: true });
    world.clock.advance(minute);
    const revoked = await world.post(`/api/decks/${deckId}/client-links/${id}/revoke`, undefined, {
      cookie: world.cookies.rep,
    });
    expect(revoked.statusCode).toBe(200);
    const entries = await auditOf(id);
    expect(entries.map(sentence)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^link\\.created \\| jane\\.client@northwind\\.example \\|  \\| .*downloads allowed.* \\| ${world.ip.replaceAll('.', '\\.')}$`,
          'i',
        ),
      ),
      `link.revoked | ${entries[1]!.target?.userEmail} |  |  | ${world.ip}`,
    ]);
    expect(entries[0]).toMatchObject({
      actor: { id: world.ids.rep },
      target: { kind: 'link', id, label: 'Jane Client (Harbour cold store)' },
    });
  });
});

describe('a deck', () => {
  it('records shares given, changed and taken back, and the deck deleted', async () => {
    const deckId = await world.newDeck(world.cookies.rep, 'Quay freezers');
    const colleague = world.emails.otherRep;
    const shared = await world.post(
      '/api/share-presentation',
      { presentationId: deckId, email: colleague, access: 'view' },
      { cookie: world.cookies.rep },
    );
    expect(shared.statusCode, shared.body).toBe(201);
    world.clock.advance(minute);
    const again = await world.post(
      '/api/share-presentation',
      { presentationId: deckId, email: colleague, access: 'edit' },
      { cookie: world.cookies.rep },
    );
    expect(again.statusCode, again.body).toBe(200);
    world.clock.advance(minute);
    const shareId = again.json().share.id as string;
    const patched = await world.t.app.inject({
      method: 'PATCH',
      url: `/api/decks/${deckId}/shares/${shareId}`,
      headers: { cookie: world.cookies.rep },
      payload: { access: 'view' },
      remoteAddress: world.ip,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    world.clock.advance(minute);
    for (const url of [`/api/decks/${deckId}/shares/${shareId}`, `/api/decks/${deckId}`]) {
      const res = await world.t.app.inject({
        method: 'DELETE',
        url,
        headers: { cookie: world.cookies.rep },
        remoteAddress: world.ip,
      });
      expect(res.statusCode, res.body).toBe(200);
      world.clock.advance(minute);
    }
    const entries = await auditOf(deckId);
    expect(entries.map(sentence)).toEqual([
      `deck.shared | ${colleague} |  | view | ${world.ip}`,
      `deck.share_changed | ${colleague} | view | edit | ${world.ip}`,
      `deck.share_changed | ${colleague} | edit | view | ${world.ip}`,
      `deck.unshared | ${colleague} | view |  | ${world.ip}`,
      `deck.deleted |  | Northwind Pharmacies |  | ${world.ip}`,
    ]);
    expect(entries.every((entry) => entry.actor?.id === world.ids.rep)).toBe(true);
    expect(entries.at(-1)?.target).toEqual({
      kind: 'deck',
      id: deckId,
      label: 'Quay freezers',
      userEmail: null,
    });
  });
});

describe('a deck’s versions', () => {
  it('records a version restored, from which number to which', async () => {
    const deckId = await world.newDeck(world.cookies.rep, 'Dock chillers');
    const second = await world.post(
      `/api/decks/${deckId}/versions`,
      draft(world.slideIds, 'Dock chillers, revised'),
      { cookie: world.cookies.rep, headers: { prefer: 'wait=60' } },
    );
    expect(second.statusCode, second.body).toBe(201);
    world.clock.advance(minute);
    const restored = await world.post(`/api/decks/${deckId}/versions/1/restore`, undefined, {
      cookie: world.cookies.rep,
    });
    expect(restored.statusCode, restored.body).toBe(201);
    const entries = await auditOf(deckId);
    expect(entries.map(sentence)).toEqual([`deck.version_restored |  | 1 | 3 | ${world.ip}`]);
    expect(entries[0]?.target?.label).toBe('Dock chillers, revised');
  });
});
