import type { AcceptanceCertificate, BrandDefinition } from '@deck-portal/deck-engine/library';
import { loadBrandLogo } from '../client-links/get-link-sender.ts';
import type { Services } from '../services.ts';

/** The company's published brand, and its logo's bytes when it has one, for the certificate. */
export type CertificateBrand = { brand: BrandDefinition; logo: Buffer | undefined };

/** The brand the company publishes now, as the client's page shows it, with its logo read. */
export async function loadCertificateBrand(
  services: Pick<Services, 'db' | 'objects' | 'currentLibrary'>,
): Promise<CertificateBrand> {
  const { brand } = (await services.currentLibrary()).library;
  const logo = await loadBrandLogo(services);
  if (!logo) return { brand, logo: undefined };
  const chunks: Buffer[] = [];
  for await (const chunk of logo.body) chunks.push(Buffer.from(chunk as Buffer));
  return { brand, logo: Buffer.concat(chunks) };
}

/**
 * The PDF a client gets on acceptance: the accepted version's PDF with the engine's acceptance
 * certificate page (or pages, for long terms) appended, in the company's published brand. Made
 * by the render pool: the web process loads no PDF writer.
 */
export async function buildAcceptedPdf(
  services: Pick<Services, 'deckRenderer'>,
  deckPdf: Buffer,
  certificate: AcceptanceCertificate,
  { brand, logo }: CertificateBrand,
): Promise<Buffer> {
  return services.deckRenderer.acceptedPdf(deckPdf, certificate, {
    brand,
    ...(logo ? { logo } : {}),
  });
}
