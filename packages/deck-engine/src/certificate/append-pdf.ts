import { PDFDocument } from 'pdf-lib';

async function openPdf(bytes: Uint8Array, what: string): Promise<PDFDocument> {
  try {
    // The deck's own title, author and dates stay: nothing is stamped with the clock.
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    throw new Error(`The ${what} is not a readable PDF.`, { cause: error });
  }
}

/**
 * The deck PDF with every page of `extraPdf` after its own (the acceptance certificate after
 * the accepted deck). Pages are copied whole, fonts and text included, so the text of both
 * still extracts; the deck's document information is kept.
 */
export async function appendPdf(deckPdf: Uint8Array, extraPdf: Uint8Array): Promise<Uint8Array> {
  const deck = await openPdf(deckPdf, 'deck file');
  const extra = await openPdf(extraPdf, 'file to append');
  const pages = await deck.copyPages(extra, extra.getPageIndices());
  for (const page of pages) deck.addPage(page);
  return deck.save();
}
