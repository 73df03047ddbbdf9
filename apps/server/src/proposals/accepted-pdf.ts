import {
  appendPdf,
  renderAcceptanceCertificate,
  type AcceptanceCertificate,
} from '@deck-portal/deck-engine';

/**
 * The PDF a client gets on acceptance: the accepted version's PDF with the engine's acceptance
 * certificate page (or pages, for long terms) appended.
 */
export async function buildAcceptedPdf(
  deckPdf: Buffer,
  certificate: AcceptanceCertificate,
): Promise<Buffer> {
  return Buffer.from(await appendPdf(deckPdf, await renderAcceptanceCertificate(certificate)));
}
