import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DECK_DRAFT_STORAGE_KEY } from '../../lib/deck-draft-storage.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

/** Steps 1 to 3 done: two batteries at list, their installation and their monitoring. */
function storeDraft() {
  localStorage.setItem(
    DECK_DRAFT_STORAGE_KEY,
    JSON.stringify({
      basicInfo: {
        deckTitle: 'Spring pitch',
        clientName: 'Glacier Logistics',
        date: '2031-05-02',
        primaryContact: '',
        mode: 'simple',
      },
      productSelection: {
        selectedProducts: [
          { id: 'battery_backup', quantity: 2, customPricing: 5995 },
          { id: 'installation', quantity: 1, customPricing: 1500 },
          { id: 'battery_monitoring', quantity: 2, customPricing: 75 },
        ],
        includePricing: true,
        customPricing: {},
      },
      templateCustomization: { selectedSlides: ['title'], customSlides: [] },
    }),
  );
}

/** The value beside a label in the Products card. */
async function valueOf(products: HTMLElement, label: string) {
  const row = (await within(products).findByText(label)).parentElement!;
  return row.lastElementChild!.textContent;
}

describe('step 4’s quote', () => {
  it('says what the deck says: the total the client pays, the yearly fees apart, the credit as an estimate', async () => {
    storeDraft();
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
    });
    renderApp('/create-deck/generate');
    const products = await screen.findByRole('region', { name: 'Products' });

    expect(await valueOf(products, 'Battery monitoring')).toBe('Qty 2 × $75.00 a year');
    // 2 × $5,995 + $250 white-glove delivery + $1,500 installation; the monitoring is yearly.
    expect(await valueOf(products, 'Total you pay, shipping included')).toBe('$13,740.00');
    expect(await valueOf(products, 'Yearly fees, not in the total')).toBe('$150.00 a year');
    // 30% of the batteries' $12,240 alone, in the quote summary's words.
    expect(
      await valueOf(
        products,
        'Estimated investment tax credit (30%) on Battery Backup, subject to tax advice',
      ),
    ).toBe('−$3,672.00');
    expect(await valueOf(products, 'Your cost after the estimated credit')).toBe('$10,068.00');
    expect(within(products).queryByText(/Net after/)).toBeNull();
  });
});
