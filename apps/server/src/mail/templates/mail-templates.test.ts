import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountApprovedMail } from './account-approved-mail.tsx';
import { clientLinkMail } from './client-link-mail.tsx';
import { deckSharedMail } from './deck-shared-mail.tsx';
import type { MailContext } from './mail-context.ts';
import { previewMailTemplates } from './mail-templates.ts';
import { renderMail } from './render-mail.tsx';

const plain: MailContext = { productName: 'Deck Portal', companyName: null, brand: null };
const branded: MailContext = {
  productName: 'Pitch Room',
  companyName: 'Acme Cold Chain',
  brand: {
    colors: { primary: '0B2545', accent: '1FA9C0' },
    logoUrl: 'https://decks.example.com/api/mail/logo/00000000-0000-4000-8000-00000000000a',
  },
};

describe('mail templates', () => {
  it('render every mail the portal sends, each with a subject, HTML and a plain-text part', async () => {
    const previews = await previewMailTemplates(plain);
    expect(previews.map((mail) => mail.id)).toEqual([
      'sign-up-waiting',
      'account-approved',
      'invitation',
      'password-reset',
      'password-changed',
      'google-linked',
      'deck-shared',
      'client-link',
      'viewer-code',
      'client-link-opened',
      'alerts',
      'alerts-digest',
      'approval-requested',
      'approval-decided',
      'proposal-accepted-team',
      'proposal-accepted-client',
      'proposal-declined-team',
      'webhook-disabled',
    ]);
    for (const mail of previews) {
      expect(mail.subject).not.toBe('');
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      // A letter greets its reader by name; a code for an address not yet proved knows none.
      expect(mail.text).toMatch(mail.id === 'viewer-code' ? /^Enter this code/ : /^Hello/);
      // The text part is a letter: no markup, no header, the sender's line last.
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.text.endsWith('Sent by Deck Portal.')).toBe(true);
    }
    const secret = previews.filter((mail) => mail.isSecret).map((mail) => mail.id);
    expect(secret).toEqual(['invitation', 'password-reset', 'client-link', 'viewer-code']);
  });

  it('write the plain-text part as the portal always has: paragraphs, lines and whole links', async () => {
    const approved = await renderMail(accountApprovedMail, accountApprovedMail.sample, plain);
    expect(approved.subject).toBe('Your Deck Portal account is approved');
    expect(approved.text).toBe(
      [
        'Hello Rita Rep,',
        '',
        'An administrator approved your Deck Portal account as Sales Representative.',
        '',
        'Sign in: https://decks.example.com/auth',
        '',
        'Sent by Deck Portal.',
      ].join('\n'),
    );
    const link = await renderMail(
      clientLinkMail,
      { ...clientLinkMail.sample, message: 'First line\nSecond <b>line</b>', hasPasscode: false },
      plain,
    );
    expect(link.text).toContain(
      '"Proposal for Northwind Pharmacies".\n\nFirst line\nSecond <b>line</b>\n\n',
    );
    expect(link.text).toContain(
      'Open it here: https://decks.example.com/p/sample-token\n\nThe link works until January 31, 2030 at 5:00 PM (UTC).\nThe link is for you alone: please do not forward it.',
    );
    expect(link.text).not.toContain('passcode');
    // What a person typed is text in the HTML, never markup.
    expect(link.html).toContain('Second &lt;b&gt;line&lt;/b&gt;');
  });

  it('tell a colleague a deck is shared with them what the share lets them do', async () => {
    const view = await renderMail(
      deckSharedMail,
      { ...deckSharedMail.sample, access: 'view' as const },
      plain,
    );
    expect(view.text).toContain('for Northwind Pharmacies with you. You can view it.\n\n');
    expect(view.text).toContain(`View it here: ${deckSharedMail.sample.viewUrl}`);
    expect(view.text).not.toContain('edit');

    const edit = await renderMail(
      deckSharedMail,
      { ...deckSharedMail.sample, access: 'edit' as const },
      plain,
    );
    expect(edit.text).toContain('with you. You can view and edit it.\n\n');
    expect(edit.text).toContain(`View it here: ${deckSharedMail.sample.viewUrl}`);
    expect(edit.text).toContain(`Edit it here: ${deckSharedMail.sample.editorUrl}`);
  });

  it('name the product and the company from the context, in the brand’s colour and logo', async () => {
    const mail = await renderMail(accountApprovedMail, accountApprovedMail.sample, branded);
    expect(mail.subject).toBe('Your Pitch Room account is approved');
    expect(mail.text).toContain('your Pitch Room account');
    expect(mail.text.endsWith('Sent by Pitch Room for Acme Cold Chain.')).toBe(true);
    expect(mail.html).toContain('background-color:#0B2545');
    expect(mail.html).toContain('color:#1FA9C0');
    expect(mail.html).toContain(`src="${branded.brand!.logoUrl}"`);
    expect(mail.html).toContain('alt="Acme Cold Chain"');

    const unbranded = await renderMail(accountApprovedMail, accountApprovedMail.sample, plain);
    expect(unbranded.html).not.toContain('<img');
    expect(unbranded.html).not.toContain('#0B2545');
  });

  it('render under tsx from the repository root, where npm start and the browser tests run the server', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
    const script = `
      const { previewMailTemplates } = await import('./apps/server/src/mail/templates/mail-templates.ts');
      const mails = await previewMailTemplates({ productName: 'Deck Portal', companyName: null, brand: null });
      console.log(mails.length);`;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(output.trim()).toBe('18');
  });
});
