import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeckApproval } from '@deck-portal/domain';
import { DECK_DRAFT_STORAGE_KEY, DECK_EDITING_STORAGE_KEY } from '../../lib/deck-draft-storage.ts';
import { fortyPercentOff } from '../../test/approval-fixture.ts';
import { PRICES_APPROVED_TEXT } from '../../ui/deal-desk/needs-approval-line.tsx';
import { adminUser, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

/** Steps 1 and 2 done: one Battery Backup (list price $5,995) at `price`, priced. */
function storeDraft(price = 5995, templateCustomization?: object) {
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
        selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: price }],
        includePricing: true,
        customPricing: {},
      },
      templateCustomization,
    }),
  );
}

async function priceBatteryBackup(user: object, price: string) {
  storeDraft();
  const calls = mockApi({ 'GET /api/auth/session': { body: { user } } });
  renderApp('/create-deck/product-selection');
  // The limits are loaded before the rep types: the check runs with them.
  await waitFor(() => expect(calls.some((call) => call.path === '/api/deal-desk')).toBe(true));
  const card = await screen.findByRole('region', { name: 'Battery Backup' });
  const input = within(card).getByLabelText('Unit Price');
  await userEvent.clear(input);
  await userEvent.type(input, price);
  return card;
}

describe('step 2 checks prices against the deal desk’s limits as the rep types', () => {
  it('warns a rep at 25% off list that a sales manager must approve, and lets them go on', async () => {
    const card = await priceBatteryBackup(approvedUser, '4500');
    expect(
      await within(card).findByText(
        '24.9% off list ($5,995.00) is past the 15% a sales rep may give on Battery Backup without approval.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Needs a sales manager’s approval.')).toBeVisible();
    // A warning only: Continue still leads on.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says nothing at 10% off list, and the warning goes once the price is back within', async () => {
    const card = await priceBatteryBackup(approvedUser, '3597');
    expect(await within(card).findByText(/approval\./)).toBeVisible();
    const input = within(card).getByLabelText('Unit Price');
    await userEvent.clear(input);
    await userEvent.type(input, '5395.50');
    await waitFor(() => expect(within(card).queryByText(/approval\./)).toBeNull());
    expect(within(card).queryByText(/off list/)).toBeNull();
  });

  it('tells a rep at 40% off, past a manager’s 30% too, that an administrator must approve', async () => {
    const card = await priceBatteryBackup(approvedUser, '3597');
    expect(
      await within(card).findByText(
        '40% off list ($5,995.00) is past the 15% a sales rep may give on Battery Backup without approval, and past the 30% a sales manager may give. Only an administrator may approve it.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Needs an administrator’s approval.')).toBeVisible();
    expect(within(card).queryByText('Needs a sales manager’s approval.')).toBeNull();
  });

  it('names per product who may clear it: a manager at 25% off, an administrator at 39.8%', async () => {
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
            { id: 'battery_backup', quantity: 1, customPricing: 4500 },
            { id: 'controller', quantity: 1, customPricing: 119.8 },
          ],
          includePricing: true,
          customPricing: {},
        },
      }),
    );
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    renderApp('/create-deck/product-selection');
    const battery = await screen.findByRole('region', { name: 'Battery Backup' });
    const controller = screen.getByRole('region', { name: 'Controller' });
    expect(await within(battery).findByText('Needs a sales manager’s approval.')).toBeVisible();
    expect(within(controller).getByText('Needs an administrator’s approval.')).toBeVisible();
    expect(within(controller).getByText(/39\.8% off list/)).toBeVisible();
  });

  it('tells a manager at 40% off that an administrator must approve', async () => {
    const card = await priceBatteryBackup({ ...approvedUser, role: 'manager' }, '3597');
    expect(
      await within(card).findByText(
        '40% off list ($5,995.00) is past the 30% a sales manager may give on Battery Backup without approval.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Needs an administrator’s approval.')).toBeVisible();
  });

  it('never warns an administrator', async () => {
    const card = await priceBatteryBackup(adminUser, '100');
    expect(within(card).getByLabelText('Unit Price')).toHaveValue('100');
    expect(screen.queryByText(/approval\./)).toBeNull();
  });

  it('shows a deck-level finding under the products', async () => {
    storeDraft();
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/deal-desk': {
        body: {
          roleLimits: { sales_rep: 15, manager: 30 },
          products: {},
          deck: { maxTotalDiscountPercent: null, maxTotalValue: 5000 },
          acceptanceTerms: 'Terms.',
        },
      },
    });
    renderApp('/create-deck/product-selection');
    expect(
      await screen.findByText(
        /The quote's total of .* is over \$5,000\.00: quotes that large need approval\./,
      ),
    ).toBeVisible();
    expect(screen.getByText('Needs a sales manager’s approval.')).toBeVisible();
  });
});

describe('step 4’s summary', () => {
  const renderStep4 = (price: number, overrides: Parameters<typeof mockApi>[0] = {}) => {
    storeDraft(price, { selectedSlides: ['title'], customSlides: [] });
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      ...overrides,
    });
    renderApp('/create-deck/generate');
    return calls;
  };

  it('says a deck past the rep’s limits needs approval, and still lets them generate', async () => {
    renderStep4(4500);
    const products = await screen.findByRole('region', { name: 'Products' });
    expect(
      await within(products).findByText(
        'Needs approval before a client sees it. Needs a sales manager’s approval.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate Presentation' })).toBeEnabled(),
    );
  });

  it('says nothing of approval for a deck within the limits', async () => {
    const calls = renderStep4(5995);
    const products = await screen.findByRole('region', { name: 'Products' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/deal-desk')).toBe(true));
    expect(await within(products).findByText('Total you pay, shipping included')).toBeVisible();
    expect(within(products).queryByText(/Needs approval/)).toBeNull();
  });

  describe('of Modify, making a new version of a deck', () => {
    const batteryAt = (price: number) => ({
      selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: price }],
      includePricing: true,
      customPricing: {},
    });
    const modifying = (approval: Partial<DeckApproval>) => {
      localStorage.setItem(
        DECK_EDITING_STORAGE_KEY,
        JSON.stringify({ deckId: 'd1', version: 2, title: 'Spring pitch' }),
      );
      return {
        'GET /api/decks/d1/approval': {
          body: {
            state: 'approved',
            check: fortyPercentOff,
            request: null,
            approvedSelection: null,
            pendingSelection: null,
            ownerRole: 'sales_rep',
            ...approval,
          },
        },
      };
    };

    it('says prices an approver cleared are approved, not that they need approval', async () => {
      renderStep4(4500, modifying({ approvedSelection: batteryAt(4500) }));
      const products = await screen.findByRole('region', { name: 'Products' });
      expect(await within(products).findByText(PRICES_APPROVED_TEXT)).toBeVisible();
      expect(within(products).queryByText(/Needs approval/)).toBeNull();
    });

    it('says a waiting request already asks about these prices, and who it waits for', async () => {
      renderStep4(
        4500,
        modifying({ state: 'pending', pendingSelection: batteryAt(4500), approvedSelection: null }),
      );
      const products = await screen.findByRole('region', { name: 'Products' });
      expect(
        await within(products).findByText(
          'Approval of these prices is already requested: waiting for a sales manager.',
        ),
      ).toBeVisible();
    });

    it('asks for approval again once the prices differ from the approved ones', async () => {
      renderStep4(4400, modifying({ approvedSelection: batteryAt(4500) }));
      const products = await screen.findByRole('region', { name: 'Products' });
      expect(
        await within(products).findByText(
          'Needs approval before a client sees it. Needs a sales manager’s approval.',
        ),
      ).toBeVisible();
      expect(within(products).queryByText(PRICES_APPROVED_TEXT)).toBeNull();
    });

    it('checks against the owner’s limits when a manager modifies a rep’s deck', async () => {
      localStorage.setItem(
        DECK_EDITING_STORAGE_KEY,
        JSON.stringify({ deckId: 'd1', version: 2, title: 'Spring pitch' }),
      );
      storeDraft(4500, { selectedSlides: ['title'], customSlides: [] });
      mockApi({
        'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } },
        'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
        ...modifying({ state: 'not_needed', approvedSelection: null }),
      });
      renderApp('/create-deck/generate');
      const products = await screen.findByRole('region', { name: 'Products' });
      // 24.9% off is within the manager's 30%, past the rep's 15%: the rep's deck needs approval.
      expect(
        await within(products).findByText(
          'Needs approval before a client sees it. Needs a sales manager’s approval.',
        ),
      ).toBeVisible();
    });
  });
});
