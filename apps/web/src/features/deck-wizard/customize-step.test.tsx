import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDeckDraft } from '../../lib/deck-draft-storage.ts';
import { storeWizardDraft } from '../../test/wizard-draft.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const categories = [
  { id: 'intro', name: 'Introduction', color: '#1FA9C0' },
  { id: 'company', name: 'Company', color: '#E0553A' },
];
const slide = (id: string, index: number, category: string) => ({
  id,
  index,
  title: `Slide ${id}`,
  description: `About ${id}`,
  category,
  thumbnail: `/api/template-slides/${id}/thumbnail`,
});
const slides = [
  slide('title', 0, 'intro'),
  slide('about', 1, 'company'),
  slide('team', 2, 'company'),
];
const layouts = [
  {
    id: 'section',
    name: 'Section title',
    description: 'A dark divider with a title and a subtitle.',
    placeholderCount: 2,
    placeholders: [
      { objectId: 'title', label: 'Section title', type: 'TITLE' },
      { objectId: 'subtitle', label: 'Subtitle', type: 'SUBTITLE' },
    ],
    thumbnail: '/api/template-layouts/section/thumbnail',
  },
];

beforeEach(() => {
  storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
  mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/template-slides': {
      body: { slides, categories, pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/template-layouts': { body: { layouts } },
  });
});

describe('step 3, the slide library', () => {
  it('groups slides in collapsed categories that count what is chosen', async () => {
    renderApp('/create-deck/customize');
    const company = await screen.findByRole('button', { name: /Company\s*0 of 2/ });
    expect(screen.getByRole('button', { name: /Introduction\s*1 of 1/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(company).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(company);
    expect(company).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Slide team' }));
    expect(screen.getByRole('button', { name: /Company\s*1 of 2/ })).toBeVisible();
    const bar = screen.getByRole('region', { name: 'Your selection' });
    expect(within(bar).getByText('2 of 3 selected')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('button', { name: /Introduction/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeVisible();
  });

  it('jumps to the custom slides from the bar that stays on screen', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    renderApp('/create-deck/customize');
    const bar = await screen.findByRole('region', { name: 'Your selection' });
    expect(within(bar).getByText('+ 0 custom slides')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Jump to custom slides' }));
    expect(scrolled).toEqual(['custom-slides']);
  });

  it('shows each layout with a preview when adding a custom slide', async () => {
    renderApp('/create-deck/customize');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Slide' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a layout' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Load Layouts' }));
    const layout = await within(picker).findByRole('button', { name: 'Use layout Section title' });
    expect(layout.querySelector('img')).toHaveAttribute(
      'src',
      '/api/template-layouts/section/thumbnail',
    );
    expect(within(layout).getByText('2 fields')).toBeVisible();
    await userEvent.click(layout);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your selection' })).getByText(
          '+ 1 custom slide',
        ),
      ).toBeVisible(),
    );
    expect(loadDeckDraft().templateCustomization?.customSlides ?? []).toHaveLength(0);
  });
});

describe('step 3, Continue', () => {
  it('waits for the template slides, then goes on with the usual ones chosen', async () => {
    localStorage.clear();
    storeWizardDraft(undefined);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/template-slides': async () => {
        await held;
        const usual = slides.map((s) => ({ ...s, inDefaultSelection: s.id !== 'team' }));
        return { body: { slides: usual, categories, pricingSlides: { perProduct: 1, once: 1 } } };
      },
    });
    const { router } = renderApp('/create-deck/customize');
    expect(await screen.findByLabelText('Loading template slides')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    release();
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-deck/generate'));
    expect(loadDeckDraft().templateCustomization?.selectedSlides).toEqual(['title', 'about']);
  });
});

describe('step 2 saves as the rep types', () => {
  it('keeps a changed quantity and a new product through a reload, before Continue', async () => {
    const first = renderApp('/create-deck/product-selection');
    await userEvent.click(
      await screen.findByRole('switch', { name: /Include pricing in presentation/ }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Data Logger' }));
    const quantity = within(screen.getByRole('region', { name: 'Controller' })).getByLabelText(
      'Quantity',
    );
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7');
    await waitFor(() =>
      expect(loadDeckDraft().productSelection?.selectedProducts).toEqual([
        { id: 'controller', quantity: 7, customPricing: 199 },
        expect.objectContaining({ id: 'data_logger' }),
      ]),
    );
    first.unmount();

    renderApp('/create-deck/product-selection');
    expect(await screen.findByRole('checkbox', { name: 'Data Logger' })).toBeChecked();
    expect(
      within(screen.getByRole('region', { name: 'Controller' })).getByLabelText('Quantity'),
    ).toHaveValue('7');
  });
});

describe('step 2 number fields', () => {
  it('refuse what is not a number at once, keeping what the rep typed, and hold Continue', async () => {
    const { router } = renderApp('/create-deck/product-selection');
    await userEvent.click(
      await screen.findByRole('switch', { name: /Include pricing in presentation/ }),
    );
    const card = screen.getByRole('region', { name: 'Controller' });
    const quantity = within(card).getByLabelText('Quantity');
    const price = within(card).getByLabelText('Unit Price');
    const cases: [HTMLElement, string, string][] = [
      [price, '1e9', 'Enter the price in digits, like 1,250.00'],
      [price, '-10', 'Price must be at least 0'],
      [price, '12.345', 'Use at most 2 decimals (cents)'],
      [quantity, '99,999,999,999', 'Quantity must be at most 100,000'],
      [quantity, '2.5', 'Quantity must be a whole number'],
    ];
    for (const [field, text, message] of cases) {
      await userEvent.clear(field);
      await userEvent.type(field, text);
      expect(field).toHaveValue(text);
      expect(within(card).getByText(message)).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/create-deck/product-selection');
    // The draft holds only numbers read in full, never a refused text.
    const saved = loadDeckDraft().productSelection!.selectedProducts[0]!;
    expect(Number.isInteger(saved.quantity) && saved.quantity <= 100_000).toBe(true);
    expect(typeof saved.customPricing).toBe('number');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1,200');
    await userEvent.clear(price);
    await userEvent.type(price, '1,250.50');
    expect(within(card).queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-deck/customize'));
    expect(loadDeckDraft().productSelection?.selectedProducts).toEqual([
      { id: 'controller', quantity: 1200, customPricing: 1250.5 },
    ]);
  });
});

describe('step 3 checks a custom slide’s texts against the deck’s font', () => {
  it('names the characters the font lacks under the slide once the rep leaves a field', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/template-slides': {
        body: { slides, categories, pricingSlides: { perProduct: 1, once: 1 } },
      },
      'GET /api/template-layouts': { body: { layouts } },
      'POST /api/text/check': ({ body }) => ({
        body: {
          missing: (body as { texts: string[] }).texts.some((text) => text.includes('\u0378'))
            ? ['U+0378']
            : [],
        },
      }),
    });
    renderApp('/create-deck/customize');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Slide' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a layout' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Load Layouts' }));
    await userEvent.click(
      await within(picker).findByRole('button', { name: 'Use layout Section title' }),
    );
    const slide = await screen.findByRole('region', { name: 'Custom slide C1' });
    await userEvent.type(within(slide).getByLabelText('Section title'), '\u0378 office');
    await userEvent.tab();
    expect(
      await within(slide).findByText(/The deck's fonts have no characters for U\+0378/),
    ).toBeVisible();
  });
});
