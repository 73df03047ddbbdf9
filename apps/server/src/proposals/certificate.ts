import { formatCents, type ProposalSummary } from '@deck-portal/domain';

/** What the acceptance certificate page states. */
export type AcceptanceCertificate = {
  deckTitle: string;
  clientName: string;
  version: number;
  fullName: string;
  jobTitle: string;
  acceptedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  summary: ProposalSummary;
  termsText: string;
  pdfSha256: string;
  recordSha256: string;
  previousSha256: string | null;
  notice: string;
};

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'long',
  timeZone: 'UTC',
});

/** The certificate as lines of text, in the order the page prints them. */
export function certificateLines(certificate: AcceptanceCertificate): string[] {
  const { summary } = certificate;
  const lines = [
    'Acceptance certificate',
    '',
    `Proposal: ${certificate.deckTitle} (version ${certificate.version})`,
    `Client: ${certificate.clientName}`,
    `Accepted by: ${certificate.fullName}, ${certificate.jobTitle}`,
    `Accepted on: ${when.format(certificate.acceptedAt)}`,
    `From address: ${certificate.ipAddress ?? 'unknown'}`,
    `Browser: ${certificate.userAgent ?? 'unknown'}`,
    '',
    'Accepted items:',
  ];
  for (const line of summary.lines) {
    const state = line.optional
      ? line.included
        ? ' (optional, chosen)'
        : ' (optional, not chosen)'
      : '';
    lines.push(
      `  ${line.name}${state}: ${line.quantity} x ${formatCents(line.unitPriceCents)} = ${formatCents(line.amountCents)}, shipping ${formatCents(line.shippingCents)}`,
    );
  }
  lines.push(
    `Subtotal: ${formatCents(summary.subtotalCents)}`,
    `Shipping: ${formatCents(summary.shippingCents)}`,
    `Total: ${formatCents(summary.totalCents)}`,
    `Credits: ${formatCents(summary.creditsCents)}`,
    `Net: ${formatCents(summary.netCents)}`,
    '',
    'Terms accepted:',
    certificate.termsText,
    '',
    `SHA-256 of the proposal PDF: ${certificate.pdfSha256}`,
    `SHA-256 of this record: ${certificate.recordSha256}`,
    `SHA-256 of the record before it: ${certificate.previousSha256 ?? 'none (first record)'}`,
    '',
    certificate.notice,
  );
  return lines;
}
