import type { ClientLinkAnalytics } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clientLink } from '../../test/client-link-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const analytics: ClientLinkAnalytics = {
  link: clientLink({
    opens: 2,
    lastOpenedAt: '2031-03-07T14:15:00.000Z',
    totalViewMs: 230_000,
  }),
  deck: { id: 'd1', title: 'Q3 proposal', clientName: 'Polar Foods' },
  version: 1,
  slideCount: 4,
  slides: [
    { slide: 1, title: 'Welcome', totalMs: 80_000, views: 3 },
    { slide: 2, title: 'Battery Backup: your investment', totalMs: 150_000, views: 1 },
    { slide: 3, title: 'Next steps', totalMs: 0, views: 0 },
    { slide: 4, title: 'Appendix', totalMs: 0, views: 0 },
  ],
  earlierVersions: [],
  visits: [
    {
      id: 'v2',
      startedAt: '2031-03-07T14:15:00.000Z',
      durationMs: 30_000,
      slidesViewed: [1],
      version: 1,
    },
    {
      id: 'v1',
      startedAt: '2031-03-06T09:05:00.000Z',
      durationMs: 200_000,
      slidesViewed: [1, 2],
      version: 1,
    },
  ],
  linkClicks: [],
  productEngagement: {
    totalSeconds: 230,
    visitCount: 2,
    products: [
      { productId: 'battery_backup', name: 'Battery Backup', seconds: 220 },
      { productId: 'general', name: 'General', seconds: 10 },
    ],
    topProduct: { productId: 'battery_backup', name: 'Battery Backup', seconds: 220 },
    pricingViewedVisits: 2,
    visits: [],
  },
};

function analyticsApi(body: ClientLinkAnalytics | ReturnType<typeof apiError>) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1/client-links/l1/analytics': 'status' in body ? body : { body },
  });
}

describe('/deck/{id}/links/{linkId}', () => {
  it("heads the page with the recipient and the link's figures", async () => {
    analyticsApi(analytics);
    renderApp('/deck/d1/links/l1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Client' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('jane@client.com · Q3 proposal for Polar Foods')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText('Expires').nextSibling).toHaveTextContent('Never');
    expect(screen.getByText('Opens').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Total time viewed').nextSibling).toHaveTextContent('3m 50s');
    expect(screen.getByRole('link', { name: 'Back to deck' })).toHaveAttribute(
      'href',
      '/deck/d1/preview',
    );
  });

  it('says which product held the client most, whether the pricing was read, and the time per product', async () => {
    analyticsApi(analytics);
    renderApp('/deck/d1/links/l1');
    const card = await screen.findByRole('region', { name: 'Time per product' });
    expect(
      within(card).getByText('Most attention: Battery Backup, 3 min 40 s; pricing viewed 2×'),
    ).toBeVisible();
    const rows = within(within(card).getByRole('list', { name: 'Products by time' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual(['Battery Backup3 min 40 s', 'General10 s']);
  });

  it('says the products wait for a first visit', async () => {
    analyticsApi({
      ...analytics,
      productEngagement: {
        totalSeconds: 0,
        visitCount: 0,
        products: [],
        topProduct: null,
        pricingViewedVisits: 0,
        visits: [],
      },
    });
    renderApp('/deck/d1/links/l1');
    const card = await screen.findByRole('region', { name: 'Time per product' });
    expect(within(card).getByText(/No visits yet/)).toBeVisible();
  });

  it('shows the time per slide, one row each, with the longest-viewed slide marked', async () => {
    analyticsApi(analytics);
    renderApp('/deck/d1/links/l1');
    const list = await screen.findByRole('list', { name: 'Time per slide' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const [first, second, third] = rows;

    // The thumbnail is decorative: the slide's title is written beside it, and read once.
    expect(within(first!).queryByRole('img')).toBeNull();
    expect(within(first!).getByRole('presentation')).toHaveAttribute(
      'src',
      '/api/decks/d1/slides/1?version=1',
    );
    expect(within(first!).getAllByText('Welcome')).toHaveLength(1);
    expect(first).toHaveTextContent('Slide 1');
    expect(first).toHaveTextContent('1m 20s');
    expect(first).toHaveTextContent('3 views');
    expect(within(first!).queryByText('Most viewed')).toBeNull();

    expect(second).toHaveTextContent('Battery Backup: your investment');
    expect(second).toHaveTextContent('2m 30s');
    expect(second).toHaveTextContent('1 view');
    expect(within(second!).getByText('Most viewed')).toBeVisible();

    expect(third).toHaveTextContent('0s');
    expect(third).toHaveTextContent('Not viewed');
    expect(screen.getAllByText('Most viewed')).toHaveLength(1);
  });

  it('marks no slide before anything was viewed', async () => {
    analyticsApi({
      ...analytics,
      slides: analytics.slides.map((stats) => ({ ...stats, totalMs: 0, views: 0 })),
      visits: [],
    });
    renderApp('/deck/d1/links/l1');
    await screen.findByRole('list', { name: 'Time per slide' });
    expect(screen.queryByText('Most viewed')).toBeNull();
    expect(screen.getByText('No visits yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the visits, newest first, with the time and the slides seen', async () => {
    analyticsApi(analytics);
    renderApp('/deck/d1/links/l1');
    const table = await screen.findByRole('table', { name: 'Visits' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Opened at', 'Time viewed', 'Slides viewed']);
    expect(rows.slice(1)).toEqual([
      [dayjs('2031-03-07T14:15:00.000Z').format('MMM D, YYYY [at] h:mm A'), '30s', '1 (1 of 4)'],
      [
        dayjs('2031-03-06T09:05:00.000Z').format('MMM D, YYYY [at] h:mm A'),
        '3m 20s',
        '1, 2 (2 of 4)',
      ],
    ]);
  });

  it('lists the links on the slides the client opened, the most opened first', async () => {
    analyticsApi({
      ...analytics,
      linkClicks: [
        {
          version: 1,
          slide: 2,
          title: 'Battery Backup: your investment',
          text: 'the case study',
          href: 'https://frostline.example/case-study',
          clicks: 3,
          lastClickedAt: '2031-03-07T14:16:00.000Z',
        },
        {
          version: 1,
          slide: 4,
          title: 'Appendix',
          text: 'Write to us',
          href: 'javascript:alert(1)',
          clicks: 1,
          lastClickedAt: '2031-03-06T09:07:00.000Z',
        },
      ],
    });
    renderApp('/deck/d1/links/l1');
    const table = await screen.findByRole('table', { name: 'Links opened' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        'the case studyhttps://frostline.example/case-study',
        'Battery Backup: your investmentSlide 2',
        '3 clicks',
        dayjs('2031-03-07T14:16:00.000Z').format('MMM D, YYYY [at] h:mm A'),
      ],
      [
        'Write to usjavascript:alert(1)',
        'AppendixSlide 4',
        '1 click',
        dayjs('2031-03-06T09:07:00.000Z').format('MMM D, YYYY [at] h:mm A'),
      ],
    ]);
    // The page's address opens in a new tab; an address of another kind is never a link.
    expect(within(table).getByRole('link')).toHaveAttribute(
      'href',
      'https://frostline.example/case-study',
    );
  });

  it('shows no list of links before one was opened', async () => {
    analyticsApi(analytics);
    renderApp('/deck/d1/links/l1');
    await screen.findByRole('table', { name: 'Visits' });
    expect(screen.queryByRole('table', { name: 'Links opened' })).toBeNull();
  });

  it('says the link was not found, with a way back', async () => {
    analyticsApi(apiError(404, 'not_found', 'Not found'));
    const { router } = renderApp('/deck/d1/links/l1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link not found' })).toBeVisible();
    expect(screen.getByText(/Link not found\. It may belong to a deck/)).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to deck' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deck/d1/preview'));
  });
});
