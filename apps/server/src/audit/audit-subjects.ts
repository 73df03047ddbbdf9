// How audit rows name what was acted on: by id, and by the name it has at the time, so a row
// still reads well once the thing is renamed or gone.

/** A deck, by its title. */
export const deckSubject = (deck: { id: string; title: string }) => ({
  kind: 'deck' as const,
  id: deck.id,
  label: deck.title,
});

/** A client link, by whom it was made for and its deck. */
export const linkSubject = (link: { id: string; recipientName: string }, deckTitle: string) => ({
  kind: 'link' as const,
  id: link.id,
  label: `${link.recipientName} (${deckTitle})`,
});

/** What a client link lets its viewer do, as its audit row says it. */
export function describeLinkTerms(link: {
  expiresAt: Date | null;
  passcodeHash: string | null;
  allowDownload: boolean;
  requireEmail: boolean;
  allowedDomains: string[];
}) {
  return [
    link.expiresAt ? `expires ${link.expiresAt.toISOString()}` : 'never expires',
    link.passcodeHash ? 'passcode' : null,
    link.allowDownload ? 'downloads allowed' : null,
    link.requireEmail ? 'e-mail verified' : null,
    link.allowedDomains.length > 0 ? `domains ${link.allowedDomains.join(' ')}` : null,
  ]
    .filter((term) => term !== null)
    .join('; ');
}
