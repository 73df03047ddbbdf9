import type { DeckDetails } from '@deck-portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { deckDetails } from '../../test/deck-details-fixture.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

function openDeckPage(deck: DeckDetails) {
  mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: deck },
    'GET /api/decks/d1/versions': { body: { versions: [] } },
    'GET /api/decks/d1/shares': { body: { shares: [] } },
    'GET /api/template-slides': {
      body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/decks/d1/client-links': {
      body: {
        links: [],
        summary: { links: 0, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
      },
    },
  });
  renderApp(paths.deckPreview('d1'));
}

describe('the deck page’s editor and PowerPoint buttons', () => {
  it('opens the online editor for whoever may edit, and downloads the PowerPoint file', async () => {
    openDeckPage(deckDetails({ access: 'edit', canManage: false }));
    expect(await screen.findByRole('link', { name: 'Open editor' })).toHaveAttribute(
      'href',
      '/deck/d1/edit',
    );
    const download = screen.getByRole('link', { name: 'Download PowerPoint' });
    expect(download).toHaveAttribute('href', '/api/decks/d1/pptx');
    expect(download).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Open in PowerPoint' })).toBeNull();
  });

  it('offers no editor to a colleague who may only view', async () => {
    openDeckPage(deckDetails({ access: 'view', canManage: false }));
    expect(await screen.findByRole('link', { name: 'Download PowerPoint' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open editor' })).toBeNull();
  });

  it('offers no editor on an accepted deck', async () => {
    openDeckPage(deckDetails({ access: 'manage', acceptedAt: '2031-03-12T10:00:00.000Z' }));
    expect(await screen.findByRole('link', { name: 'Download PowerPoint' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open editor' })).toBeNull();
  });
});
