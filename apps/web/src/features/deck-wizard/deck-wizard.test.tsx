import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DECK_DRAFT_STORAGE_KEY, loadDeckDraft } from '../../lib/deck-draft-storage.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const basicInfo = {
  deckTitle: 'Spring pitch',
  clientName: 'Glacier Logistics',
  date: '2031-05-02',
  primaryContact: '',
  mode: 'advanced',
};

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } }, ...extra });
}

describe('step 1, basic info', () => {
  it("shows the spec's messages for blank fields and saves the draft before moving on", async () => {
    signedIn();
    const { router } = renderApp('/create-deck/basic-info');
    const title = await screen.findByLabelText(/Deck Title/);
    await userEvent.type(title, '   ');
    await userEvent.clear(screen.getByLabelText(/Presentation Date/));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Deck title is required')).toBeVisible();
    expect(screen.getByText('Client name is required')).toBeVisible();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(localStorage.getItem(DECK_DRAFT_STORAGE_KEY)).toBeNull();

    // Editing a field clears its error.
    await userEvent.type(title, 'Spring pitch');
    expect(screen.queryByText('Deck title is required')).toBeNull();
    await userEvent.type(screen.getByLabelText(/Client Name/), '  Glacier Logistics ');
    await userEvent.type(screen.getByLabelText(/Presentation Date/), '2031-05-02');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/create-deck/product-selection'),
    );
    expect(loadDeckDraft().basicInfo).toMatchObject({
      deckTitle: 'Spring pitch',
      clientName: 'Glacier Logistics',
      date: '2031-05-02',
      mode: 'simple',
    });
  });
});

describe('step 1, dates and figures', () => {
  it('shows how the chosen locale writes the date and a price, and keeps the choice', async () => {
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify({ basicInfo }));
    signedIn();
    const { router } = renderApp('/create-deck/basic-info');
    const select = await screen.findByLabelText('Dates and figures', { selector: 'input' });
    expect(select).toHaveValue('English (United States)');
    expect(screen.getByText('Written as: May 2, 2031 · $1,234.56')).toBeVisible();
    await userEvent.click(select);
    await userEvent.click(
      await screen.findByRole('option', { name: 'German (Germany)', hidden: true }),
    );
    expect(await screen.findByText('Written as: 2. Mai 2031 · 1.234,56 $')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/create-deck/product-selection'),
    );
    expect(loadDeckDraft().basicInfo?.locale).toBe('de-DE');
  });
});

describe('step 2, products', () => {
  it('adds a product at its default quantity and MSRP, removes it, and requires one', async () => {
    localStorage.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify({ basicInfo }));
    signedIn({
      'GET /api/template-slides': {
        body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
      },
    });
    const { router } = renderApp('/create-deck/product-selection');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select at least one product')).toBeVisible();

    await userEvent.click(screen.getByRole('switch', { name: /Include pricing in presentation/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Data Logger' }));
    const card = screen.getByRole('region', { name: 'Data Logger' });
    expect(within(card).getByLabelText('Quantity')).toHaveValue('100');
    expect(within(card).getByLabelText('Unit Price')).toHaveValue('29.99');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Data Logger' }));
    expect(within(card).queryByLabelText('Quantity')).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Controller' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-deck/customize'));
    expect(loadDeckDraft().productSelection).toEqual({
      selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
      includePricing: true,
      customPricing: {},
    });
  });

  it('sends a rep without basic info back to step 1', async () => {
    signedIn();
    const { router } = renderApp('/create-deck/product-selection');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-deck/basic-info'));
  });
});

describe('step 1 checks the client’s texts against the deck’s font', () => {
  it('warns, once the rep leaves the field, of characters that would show as empty boxes', async () => {
    const calls = signedIn({
      'POST /api/text/check': ({ body }) => ({
        body: {
          missing: (body as { texts: string[] }).texts.some((text) => text.includes('\u0378'))
            ? ['U+0378']
            : [],
        },
      }),
    });
    renderApp('/create-deck/basic-info');
    const client = await screen.findByLabelText(/Client Name/);
    await userEvent.type(client, '\u0378 Foods');
    expect(calls.some((call) => call.path === '/api/text/check')).toBe(false);
    await userEvent.tab();
    expect(
      await screen.findByText(
        /The deck's fonts have no characters for U\+0378: they would show as empty boxes/,
      ),
    ).toBeVisible();
    await userEvent.clear(client);
    await userEvent.type(client, 'Tokyo Foods');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText(/has no characters for/)).toBeNull());
  });
});
