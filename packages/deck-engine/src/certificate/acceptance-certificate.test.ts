import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAcceptanceCertificate } from './acceptance-certificate.ts';

function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  try {
    const file = join(dir, 'certificate.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the acceptance certificate of a deck abroad', () => {
  it('states the accepted amounts in the deck’s currency (issue 50)', async () => {
    const text = pdfText(
      await renderAcceptanceCertificate({
        deckTitle: 'Proposal',
        clientName: 'Northwind',
        fullName: 'Aiko Tanaka',
        jobTitle: 'Buyer',
        acceptedAt: '2026-11-26T08:43:17.000Z',
        ipAddress: '203.0.113.42',
        userAgent: 'Mozilla/5.0',
        summary: {
          lines: [
            {
              productId: 'battery_backup',
              name: 'Battery Backup',
              kind: 'goods',
              quantity: 1,
              unitPriceCents: 88_000_000,
              amountCents: 88_000_000,
              shippingCents: 3_750_000,
              creditsCents: 0,
              optional: false,
              included: true,
            },
          ],
          subtotalCents: 88_000_000,
          shippingCents: 3_750_000,
          totalCents: 91_750_000,
          yearlyCents: 0,
          creditsCents: 0,
          netCents: 91_750_000,
        },
        locale: 'ja-JP',
        currency: 'JPY',
        pdfSha256: 'a'.repeat(64),
        termsText: 'I accept.',
        recordSha256: 'b'.repeat(64),
      }),
    );
    expect(text).toContain('￥917,500');
    expect(text).not.toMatch(/\$|￥917,500\.00/);
  });
});
