import * as engine from '@deck-portal/deck-engine';
import { certificateLines, type AcceptanceCertificate } from './certificate.ts';
import { textPdf } from './text-pdf.ts';

type EngineAcceptance = {
  renderAcceptanceCertificate?: (certificate: AcceptanceCertificate) => Promise<Buffer> | Buffer;
  appendPdf?: (deckPdf: Buffer, extraPdf: Buffer) => Promise<Buffer> | Buffer;
};

/**
 * The PDF a client gets on acceptance: the accepted version's PDF with the acceptance
 * certificate page appended.
 *
 * TO BE SWAPPED: the deck engine is getting `renderAcceptanceCertificate` and `appendPdf`
 * (pdf-lib); until they are exported, the certificate is a plain text page of our own
 * (`textPdf`) and is sent alone, without the deck's pages.
 */
export async function buildAcceptedPdf(
  deckPdf: Buffer,
  certificate: AcceptanceCertificate,
): Promise<Buffer> {
  const { renderAcceptanceCertificate, appendPdf } = engine as unknown as EngineAcceptance;
  if (renderAcceptanceCertificate && appendPdf) {
    return Buffer.from(await appendPdf(deckPdf, await renderAcceptanceCertificate(certificate)));
  }
  return textPdf(certificateLines(certificate));
}
