import type { ClientAcceptance, ClientLinkSender, ClientView } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/render-app.tsx';
import { renderClientView } from '../../test/render-client-view.tsx';

// The client's page in the deck's language (issue 50): its own words, `lang` and `dir`.

const api = '/api/client-view/tok';

const deck = (overrides: Partial<ClientView> = {}): ClientView => ({
  title: 'Winter proposal',
  clientName: 'Polar Foods',
  recipientName: 'Casey Client',
  senderName: 'Robin Rep',
  slides: [1, 2, 3].map((index) => ({ index, url: `${api}/slides/${index}` })),
  pdfUrl: `${api}/download`,
  updatedAt: null,
  language: 'en',
  direction: 'ltr',
  locale: 'en-US',
  currency: 'USD',
  ...overrides,
});

const japanese = { language: 'ja', direction: 'ltr', locale: 'ja-JP', currency: 'JPY' } as const;
const arabic = { language: 'ar', direction: 'rtl', locale: 'ar-AE', currency: 'AED' } as const;

const sender = (language: string, direction: 'ltr' | 'rtl'): ClientLinkSender => ({
  companyName: 'Frostline',
  companyColors: { primary: '0B2545', accent: '1FA9C0', highlight: 'F2A541' },
  logoUrl: null,
  name: 'Ana Ruiz',
  jobTitle: null,
  photoUrl: null,
  language,
  direction,
});

const acceptance: ClientAcceptance = {
  state: 'open',
  version: 1,
  isUpdating: false,
  termsText: 'Payment within 30 days.',
  termsSha256: 'a'.repeat(64),
  summary: {
    lines: [
      {
        productId: 'battery',
        name: 'Battery Backup',
        kind: 'goods',
        quantity: 2,
        unitPriceCents: 2_201_700,
        amountCents: 4_403_400,
        shippingCents: 183_600,
        creditsCents: 0,
        optional: false,
        included: true,
      },
    ],
    subtotalCents: 4_403_400,
    shippingCents: 183_600,
    totalCents: 4_587_000,
    yearlyCents: 0,
    creditsCents: 0,
    netCents: 4_587_000,
  },
  accepted: null,
  declinedAt: null,
};

/** As a deck for Japan offers it: consumption tax added to the total (issue 50). */
const taxedAcceptance: ClientAcceptance = {
  ...acceptance,
  summary: {
    ...acceptance.summary,
    currency: 'JPY',
    tax: { name: 'Consumption tax', percent: 10, inclusive: false, cents: 458_700 },
    totalCents: 5_045_700,
    netCents: 5_045_700,
  },
};

const untracked = {
  status: 201,
  body: { visitId: null, isTracked: false, untrackedReason: 'team' },
};

/** The page's frame: the element that carries its `lang` and `dir`. */
const page = () => document.querySelector('main')!;

beforeEach(() => {
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { sendBeacon: () => true }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the client page in the deck’s language', () => {
  it('speaks Japanese for a Japanese deck, left to right, with its dates and yen', async () => {
    mockApi({
      [`GET ${api}`]: {
        body: deck({
          ...japanese,
          updatedAt: '2031-03-07T10:00:00.000Z',
          acceptance: taxedAcceptance,
        }),
      },
      [`GET ${api}/sender`]: { body: sender('ja', 'ltr') },
      [`POST ${api}/visits`]: untracked,
    });
    renderClientView('tok');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winter proposal' })).toBeVisible();
    expect(page()).toHaveAttribute('lang', 'ja');
    expect(page()).toHaveAttribute('dir', 'ltr');
    // The document too, once the page's effects ran: the browser's own parts follow it.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ja'));
    expect(screen.getByText('Polar Foods 向け')).toBeVisible();
    expect(screen.getByText('Robin RepよりCasey Client 様へ共有')).toBeVisible();
    expect(screen.getByText('前回ご覧になった後、2031年3月7日に更新されました。')).toBeVisible();
    expect(screen.getByRole('button', { name: 'プレゼンテーション' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'PDFをダウンロード' })).toHaveAttribute(
      'href',
      `${api}/download`,
    );
    expect(screen.getByRole('img', { name: 'スライド 1 / 3' })).toBeVisible();
    expect(screen.getByRole('button', { name: '次のスライド' })).toBeEnabled();
    expect(await screen.findByLabelText('送信者：Ana Ruiz')).toBeVisible();
    // The accept step: its words, the amounts in yen without decimals, the tax added.
    const step = screen.getByRole('region', { name: 'ご提案を承諾する' });
    const tax = within(step).getByRole('row', { name: /^消費税（10%）/ });
    expect(tax).toHaveTextContent('￥4,587');
    const total = within(step).getByRole('row', { name: /^お支払い合計/ });
    expect(total).toHaveTextContent('￥50,457');
    expect(within(step).getByLabelText(/氏名/)).toBeVisible();
    expect(within(step).getByRole('button', { name: '今回は見送る' })).toBeVisible();
    // No English word of the page's own is left.
    expect(document.body.textContent).not.toMatch(/Present|Download|Slide|Prepared|Accept/);
  });

  it('mirrors the page for an Arabic deck: right to left, Arabic words, the left arrow goes forward', async () => {
    mockApi({
      [`GET ${api}`]: { body: deck({ ...arabic, acceptance }) },
      [`GET ${api}/sender`]: { body: sender('ar', 'rtl') },
      [`POST ${api}/visits`]: untracked,
    });
    renderClientView('tok');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winter proposal' })).toBeVisible();
    expect(page()).toHaveAttribute('lang', 'ar');
    expect(page()).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByText('أُعِدّ خصيصًا لـ Polar Foods')).toBeVisible();
    expect(screen.getByRole('button', { name: 'بدء العرض' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'تنزيل ملف PDF' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'الشرائح' })).toBeVisible();
    expect(screen.getByText('الشريحة 1 من 3')).toBeVisible();

    // The slides run right to left: the left arrow brings the next one, the right arrow back.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('الشريحة 2 من 3')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('الشريحة 1 من 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'الشريحة التالية' }));
    expect(screen.getByText('الشريحة 2 من 3')).toBeVisible();

    const step = screen.getByRole('region', { name: 'قبول العرض' });
    expect(within(step).getByRole('row', { name: /^الإجمالي المستحق/ })).toHaveTextContent(
      /45,870\.00/,
    );
    expect(within(step).getByRole('row', { name: /^الإجمالي المستحق/ })).toHaveTextContent('د.إ');
    // Accepting without a name says so in Arabic.
    await userEvent.click(within(step).getByRole('button', { name: 'قبول العرض' }));
    expect(within(step).getByText('أدخل اسمك الكامل.')).toBeVisible();
  });

  it('asks for the passcode in Arabic, right to left, before the deck is open', async () => {
    mockApi({
      [`GET ${api}`]: apiError(401, 'passcode_required', 'Enter the passcode.'),
      [`GET ${api}/sender`]: { body: sender('ar', 'rtl') },
      [`POST ${api}/unlock`]: apiError(400, 'wrong_passcode', 'That passcode is not right.', {
        passcode: 'That passcode is not right.',
      }),
    });
    renderClientView('tok');

    expect(await screen.findByRole('heading', { name: 'هذا العرض التقديمي محمي' })).toBeVisible();
    expect(page()).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('أرسله')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/رمز المرور/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'فتح العرض التقديمي' }));
    expect(screen.getByText('يتكوّن رمز المرور من 4 أحرف على الأقل.')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/رمز المرور/), 'd');
    await userEvent.click(screen.getByRole('button', { name: 'فتح العرض التقديمي' }));
    expect(
      await screen.findByText('رمز المرور غير صحيح. يُرجى التحقق منه والمحاولة مرة أخرى.'),
    ).toBeVisible();
  });

  it('keeps English words, left to right, for a deck in a language the page does not speak', async () => {
    mockApi({
      [`GET ${api}`]: {
        body: deck({ language: 'he', direction: 'rtl', locale: 'he-IL', currency: 'USD' }),
      },
      [`GET ${api}/sender`]: { body: sender('he', 'rtl') },
      [`POST ${api}/visits`]: untracked,
    });
    renderClientView('tok');
    expect(await screen.findByRole('button', { name: 'Present' })).toBeEnabled();
    expect(page()).toHaveAttribute('lang', 'en');
    expect(page()).toHaveAttribute('dir', 'ltr');
  });

  it('says a link is gone in the browser’s language when no deck is known', async () => {
    const swiss = Object.create(navigator) as Navigator;
    Object.defineProperty(swiss, 'languages', { value: ['de-CH', 'en'] });
    vi.stubGlobal('navigator', swiss);
    mockApi({
      [`GET ${api}`]: apiError(404, 'link_unavailable', 'This link is no longer available.'),
      [`GET ${api}/sender`]: apiError(404, 'link_unavailable', 'This link is no longer available.'),
    });
    renderClientView('tok');
    expect(await screen.findByRole('heading', { name: 'Link nicht verfügbar' })).toBeVisible();
    expect(page()).toHaveAttribute('lang', 'de');
  });
});
