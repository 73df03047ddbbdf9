/**
 * The title a client sees (the cover, the client page, the link mail, file names): the rep's
 * headline, or "Proposal for {client}". The deck title is the rep's internal reference and
 * never reaches the client. Free of zod, so the deck engine loads it cheaply.
 */
export function clientHeadline(basicInfo: { headline?: string; clientName: string }): string {
  return basicInfo.headline?.trim() || `Proposal for ${basicInfo.clientName}`;
}
