import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeckDraft, GenerationState } from '@deck-portal/domain';
import { loadDeckDraft, startModifyingDeck } from '../../lib/deck-draft-storage.ts';
import { storeWizardDraft } from '../../test/wizard-draft.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

// The browser here has no EventSource: unless a test gives it one, the wizard follows the worker
// by polling, as a browser whose stream broke would.

/** A stand-in for the browser's EventSource: the test sends the server's events through it. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
  }
  send(state: GenerationState) {
    act(() =>
      this.listeners.get('state')?.(new MessageEvent('state', { data: JSON.stringify(state) })),
    );
  }
}

const links = {
  presentationId: 'd9',
  editUrl: '/deck/d9/edit',
  pptxUrl: '/api/decks/d9/pptx',
  viewUrl: '/deck/d9/view',
  pdfUrl: '/api/decks/d9/download',
};

const state = (overrides: Partial<GenerationState>): GenerationState => ({
  ...links,
  status: 'generating',
  progress: { stage: 'queued' },
  error: null,
  warnings: [],
  ...overrides,
});

describe('step 4 follows the worker', () => {
  it('shows the stages the worker reports, then the ready deck with its notes', async () => {
    storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
    const reported = [
      state({ progress: { stage: 'layout', done: 3, total: 7 } }),
      state({ progress: { stage: 'pdf' } }),
      state({ status: 'completed', progress: null, warnings: ['A note from the engine.'] }),
    ];
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/generate-slides': { status: 202, body: state({}) },
      'GET /api/decks/d9/generation': () => ({ body: reported.shift() }),
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    expect(await screen.findByText('Laying out slides 3 of 7')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Generating presentation' })).toBeVisible();
    expect(await screen.findByText('Writing the PDF', {}, { timeout: 3_000 })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Your deck is ready!' }, { timeout: 3_000 }),
    ).toBeVisible();
    expect(screen.getByText('A note from the engine.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      links.pdfUrl,
    );
  });

  it('follows the stream of server-sent events where the browser has one, without polling', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/generate-slides': { status: 202, body: state({}) },
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/api/decks/d9/generation/events');

    stream.send(state({ progress: { stage: 'layout', done: 5, total: 9 } }));
    expect(await screen.findByText('Laying out slides 5 of 9')).toBeVisible();
    stream.send(state({ progress: { stage: 'pptx' } }));
    expect(await screen.findByText('Writing the PowerPoint file')).toBeVisible();
    stream.send(state({ status: 'completed', progress: null }));
    expect(await screen.findByRole('heading', { name: 'Your deck is ready!' })).toBeVisible();
    expect(stream.isClosed).toBe(true);
    expect(calls.filter((call) => call.path === '/api/decks/d9/generation')).toEqual([]);
  });

  it('polls instead when the stream breaks', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/generate-slides': { status: 202, body: state({}) },
      'GET /api/decks/d9/generation': { body: state({ status: 'completed', progress: null }) },
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0]!.onerror?.());
    expect(
      await screen.findByRole('heading', { name: 'Your deck is ready!' }, { timeout: 3_000 }),
    ).toBeVisible();
  });

  it('says why the deck could not be made and makes it on Try again', async () => {
    storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
    const message = 'Something went wrong while making the files.';
    let retried = false;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/generate-slides': { status: 202, body: state({}) },
      'GET /api/decks/d9/generation': () => ({
        body: retried
          ? state({ status: 'completed', progress: null })
          : state({ status: 'failed', progress: null, error: message }),
      }),
      'POST /api/decks/d9/generation/retry': () => {
        retried = true;
        return { status: 202, body: state({}) };
      },
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This deck could not be generated');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Generate Presentation' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Your deck is ready!' }, { timeout: 3_000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/generate-slides')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('follows a queued version; when it fails, Try again generates it once more for the same deck', async () => {
    storeWizardDraft({ selectedSlides: ['title'], customSlides: [] });
    const draft = loadDeckDraft() as DeckDraft;
    startModifyingDeck(draft, { deckId: 'd9', version: 2, title: 'Spring pitch' });
    let attempt = 0;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/decks/d9/versions': () => {
        attempt += 1;
        return { status: 202, body: state({}) };
      },
      'GET /api/decks/d9/generation': () => ({
        body:
          attempt === 1
            ? state({ status: 'failed', progress: null, error: 'Some pictures cannot be used.' })
            : state({ status: 'completed', progress: null, version: 3 }),
      }),
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    expect(await screen.findByText('Some pictures cannot be used.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        /^Version 3 of Spring pitch for Glacier Logistics/,
        {},
        { timeout: 3_000 },
      ),
    ).toBeVisible();
    const posts = calls.filter(
      (call) => call.method === 'POST' && call.path !== '/api/decks/preflight',
    );
    expect(posts.map((call) => call.path)).toEqual([
      '/api/decks/d9/versions',
      '/api/decks/d9/versions',
    ]);
    expect(calls.some((call) => call.path.endsWith('/generation/retry'))).toBe(false);
  });
});
