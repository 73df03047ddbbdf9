import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DECK_DRAFT_STORAGE_KEY, loadDeckDraft } from '../../lib/deck-draft-storage.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

// A deck's inputs were typed in one market's currency and step 1 changed the market since
// (issue 50): step 3 converts their money at the price lists' rates and tells the rep.

const draftFor = (market: string, inputsFor: string) => ({
  basicInfo: {
    deckTitle: 'Osaka pitch',
    clientName: 'Kansai Cold Chain',
    date: '2031-05-02',
    primaryContact: '',
    mode: 'simple',
    market,
  },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 29900 }],
    includePricing: true,
    customPricing: {},
  },
  pricedFor: market,
  inputsFor,
  templateCustomization: {
    selectedSlides: ['return-on-investment'],
    customSlides: [],
    inputValues: { sites: 4, spoilage: 48_000 },
  },
});

const input = (name: string, label: string, type: string, byDefault: number, max: number) => ({
  name,
  label,
  type,
  unit: '',
  default: byDefault,
  min: 0,
  max,
});

function signedIn() {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/template-slides': {
      body: {
        slides: [
          {
            id: 'return-on-investment',
            index: 0,
            title: 'Return on investment',
            description: 'What the order saves',
            category: 'intro',
            thumbnail: '/api/template-slides/return-on-investment/thumbnail',
            inputs: [
              input('sites', 'Sites in this proposal', 'integer', 1, 10_000),
              input('spoilage', 'Spoiled stock a year', 'money', 12_000, 1_000_000),
            ],
          },
        ],
        categories: [{ id: 'intro', name: 'Introduction', color: '#1FA9C0' }],
        pricingSlides: { perProduct: 1, once: 1 },
      },
    },
    'GET /api/template-layouts': { body: { layouts: [] } },
    'POST /api/template-slides/figures': { body: { slides: [], findings: [] } },
  });
}

const field = (label: string) => screen.findByLabelText(label, { selector: 'input' });

describe('step 3 after the deck’s market changed', () => {
  it('converts the money inputs typed in dollars to yen, keeps the counts, and says so', async () => {
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify(draftFor('JP', 'US')));
    const calls = signedIn();
    renderApp('/create-deck/customize');
    const spoilage = await field('Spoiled stock a year');
    // $48,000 at the Japan list's about ¥150 to the dollar, to three significant digits.
    await waitFor(() => expect(spoilage).toHaveValue('7200000'));
    expect(await field('Sites in this proposal')).toHaveValue('4');
    expect(
      screen.getByText(/Your money inputs were in .+ \(USD\): they are converted/),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        calls.findLast((call) => call.path === '/api/template-slides/figures')?.body,
      ).toMatchObject({ market: 'JP', inputValues: { sites: 4, spoilage: 7_200_000 } }),
    );
    // Its bounds are the yen ones, and say so.
    await userEvent.clear(spoilage);
    await userEvent.type(spoilage, '160000000');
    expect(
      await screen.findByText('Spoiled stock a year must be at most ¥150,000,000'),
    ).toBeVisible();
    await userEvent.clear(spoilage);
    await userEvent.type(spoilage, '7200000');
    // Saved in yen, and known to be: a later visit converts nothing again.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    const saved = loadDeckDraft();
    expect(saved.templateCustomization?.inputValues).toEqual({ sites: 4, spoilage: 7_200_000 });
    expect(saved.inputsFor).toBe('JP');
  });

  it('keeps the values of a market with the same currency as they were', async () => {
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify(draftFor('JP', 'JP')));
    signedIn();
    renderApp('/create-deck/customize');
    expect(await field('Spoiled stock a year')).toHaveValue('48000');
    expect(screen.queryByText(/Your money inputs were in/)).not.toBeInTheDocument();
  });
});
