import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deckFiles, deckShares, decks } from '../src/db/schema.ts';
import { newAccount, signUp } from './helpers/accounts.ts';
import type { SmtpMailbox } from './helpers/smtp-mailbox.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useDecksWorld } from './helpers/decks-world.ts';

// Sharing a deck with a colleague, and deleting one.
const world = useDecksWorld();
const { cookies, emails, draft, generate } = world;
let t: TestApp;
let mailbox: SmtpMailbox;
beforeAll(() => {
  ({ t, mailbox } = world);
});

describe('sharing', () => {
  it('refuses the sharer’s own address, the owner’s, and addresses that cannot sign in; nothing is shared or mailed', async () => {
    const deckId = (await generate(cookies.rep, draft())).json().presentationId;
    const share = (email: string, cookie = cookies.rep) =>
      t.app.inject({
        method: 'POST',
        url: '/api/share-presentation',
        headers: { cookie },
        payload: { presentationId: deckId, email },
      });
    const self = await share(emails.rep);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'share_self',
      fields: { email: 'That is your own address: you can already open this deck.' },
    });
    const owner = await share(emails.rep, cookies.manager);
    expect(owner.statusCode).toBe(400);
    expect(owner.json().error.code).toBe('share_owner');

    const stranger = await share('nobody-here@example.com');
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().error).toMatchObject({
      code: 'no_account',
      message:
        'nobody-here@example.com has no Deck Portal account. Decks are shared with colleagues who can sign in: invite them first.',
    });
    const pendingAccount = newAccount('Penny Pending');
    await signUp(t.app, pendingAccount);
    const pending = await share(pendingAccount.email);
    expect(pending.statusCode).toBe(422);
    expect(pending.json().error.message).toContain('not approved yet');

    const shares = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/shares`,
      headers: { cookie: cookies.rep },
    });
    expect(shares.json().shares).toEqual([]);
    const [row] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(row!.status).toBe('completed');
  });

  it('mails the recipient the view link, marks the deck shared, and lets the recipient in', async () => {
    const deckId = (await generate(cookies.rep, draft())).json().presentationId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: { cookie: cookies.rep },
      payload: { presentationId: deckId, email: emails.recipient.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, share: { email: emails.recipient } });

    const mail = await mailbox.waitForMail((m) => m.envelopeTo.includes(emails.recipient));
    expect(mail.text).toContain(`http://portal.test/deck/${deckId}/view`);
    expect(mail.subject).toContain('Cold Chain Upgrade');

    const [row] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(row!.status).toBe('shared');
    for (const url of [
      `/api/decks/${deckId}`,
      `/api/decks/${deckId}/download`,
      `/api/decks/${deckId}/slides/1`,
    ]) {
      const seen = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookies.recipient },
      });
      expect(seen.statusCode, url).toBe(200);
    }
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.recipient },
    });
    expect(details.json().canManage).toBe(false);
    // A recipient may look, not delete or share further.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.recipient },
    });
    expect(del.statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: { cookie: cookies.rep },
      payload: { presentationId: deckId, email: emails.recipient },
    });
    expect(again.statusCode).toBe(409);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/shares`,
      headers: { cookie: cookies.rep },
    });
    const [share] = list.json().shares;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}/shares/${share.id}`,
      headers: { cookie: cookies.rep },
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/decks/${deckId}`,
          headers: { cookie: cookies.recipient },
        })
      ).statusCode,
    ).toBe(404);
    const [afterRevoke] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(afterRevoke!.status).toBe('completed');
    expect(
      await t.app.services.db.select().from(deckShares).where(eq(deckShares.deckId, deckId)),
    ).toHaveLength(0);
  });

  it('shares "can view" by default or "can edit", changes a share’s access, and tells each caller what they may do', async () => {
    const deckId = (await generate(cookies.rep, draft())).json().presentationId;
    const share = (access?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/share-presentation',
        headers: { cookie: cookies.rep },
        payload: { presentationId: deckId, email: emails.recipient, ...(access ? { access } : {}) },
      });
    const accessOf = async (cookie: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/decks/${deckId}`, headers: { cookie } })
      ).json().access;

    const first = await share();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ share: { access: 'view' }, previousAccess: null });
    expect(await accessOf(cookies.recipient)).toBe('view');
    expect(await accessOf(cookies.rep)).toBe('manage');
    expect(await accessOf(cookies.manager)).toBe('manage');

    const raised = await share('edit');
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ share: { access: 'edit' }, previousAccess: 'view' });
    expect(await accessOf(cookies.recipient)).toBe('edit');
    const same = await share('edit');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(
      `The deck is already shared with ${emails.recipient}, who can view and edit it.`,
    );
    const wrong = await share('own');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.access).toBe("access must be 'view' or 'edit', not 'own'");

    const shareId = raised.json().share.id;
    const change = (cookie: string, access: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/decks/${deckId}/shares/${shareId}`,
        headers: { cookie },
        payload: { access },
      });
    const lowered = await change(cookies.manager, 'view');
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().share).toMatchObject({ id: shareId, access: 'view' });
    expect(await accessOf(cookies.recipient)).toBe('view');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/shares`,
      headers: { cookie: cookies.rep },
    });
    expect(list.json().shares).toMatchObject([{ id: shareId, access: 'view' }]);
    // The recipient may not raise their own access; a colleague who cannot see it is told nothing.
    expect((await change(cookies.recipient, 'edit')).statusCode).toBe(404);
    expect((await change(cookies.otherRep, 'edit')).statusCode).toBe(404);
    expect((await change(cookies.rep, 'admin')).statusCode).toBe(400);
    expect(await accessOf(cookies.recipient)).toBe('view');
  });

  it('refuses a bad address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: { cookie: cookies.rep },
      payload: { presentationId: 'x', email: 'not-an-address' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('Please enter a valid email address.');
  });
});

describe('deleting', () => {
  it('removes the deck and its files, and the links then answer 404', async () => {
    const { presentationId, pdfUrl, pptxUrl } = (await generate(cookies.rep, draft())).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${presentationId}`,
      headers: { cookie: cookies.rep },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.app.services.db.select().from(deckFiles).where(eq(deckFiles.deckId, presentationId)),
    ).toHaveLength(0);
    for (const url of [pdfUrl, pptxUrl, `/api/decks/${presentationId}`]) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.rep } })).statusCode,
      ).toBe(404);
    }
  });
});
