import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { generateDeck } from '../generate-deck.ts';
import { PLAIN_CERTIFICATE } from '../../test/fixtures.ts';
import renderTask, { WARM_UP_DRAFT } from './render-task.ts';

describe('the pool warm-up', () => {
  it('renders a valid small deck through every renderer, with nothing to warn about', async () => {
    expect(deckDraftSchema.parse(WARM_UP_DRAFT)).toEqual(WARM_UP_DRAFT);
    const deck = await generateDeck(WARM_UP_DRAFT);
    // Title, agenda, the controller's pricing slide and the quote summary.
    expect(deck.svgs).toHaveLength(4);
    expect(deck.warnings).toEqual([]);
    expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers a warm-up task with no deck', async () => {
    await expect(renderTask({ warmUp: true })).resolves.toBeNull();
  });
});

describe('an acceptance on a worker', () => {
  it('answers the deck’s PDF with the certificate’s page appended', async () => {
    const deck = await generateDeck(WARM_UP_DRAFT);
    /** The PDF's pages as poppler reads them. */
    const pagesOf = (pdf: Uint8Array) => {
      const dir = mkdtempSync(join(tmpdir(), 'accepted-'));
      try {
        writeFileSync(join(dir, 'accepted.pdf'), pdf);
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'accepted.pdf'), '-'], {
          encoding: 'utf8',
        });
        return text.split('\f').slice(0, -1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const accepted = (await renderTask({
      acceptedPdf: deck.pdf,
      certificate: PLAIN_CERTIFICATE,
    })) as Uint8Array;
    const deckPages = pagesOf(deck.pdf);
    const pages = pagesOf(accepted);
    expect(deckPages).toHaveLength(4);
    expect(pages.slice(0, 4)).toEqual(deckPages);
    expect(pages).toHaveLength(5);
    expect(pages[4]).toContain('Certificate of acceptance');
    expect(pages[4]).toContain('Ada Lovelace');
  });
});
