import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { loadDeckDraft } from '../../lib/deck-draft-storage.ts';
import { storeWizardDraft } from '../../test/wizard-draft.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { theme } from '../../app/theme.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';
import { PlaceholderInput } from './components/placeholder-input.tsx';

const picturePlaceholder = { objectId: 'image', label: 'Photo', type: 'PICTURE' as const };

function PictureField() {
  const [value, setValue] = useState('');
  return <PlaceholderInput placeholder={picturePlaceholder} value={value} onChange={setValue} />;
}

function renderField() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <PictureField />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a picture field on step 3', () => {
  it('checks an address when the rep leaves the field, and says why it cannot be used', async () => {
    const calls = mockApi({
      'POST /api/pictures/check': ({ body }) => ({
        body: (body as { url: string }).url.includes('gone')
          ? { ok: false, reason: 'HTTP 404' }
          : { ok: true, width: 1200, height: 800 },
      }),
    });
    renderField();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Photo');
    await user.type(field, 'https://img.example/gone.png');
    expect(calls).toEqual([]); // not while typing
    await user.tab();
    expect(await screen.findByText('This picture cannot be used: HTTP 404.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'https://img.example/team.png');
    await user.tab();
    expect(await screen.findByText('Picture found (1200 × 800 px).')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Preview of Photo' })).toHaveAttribute(
      'src',
      'https://img.example/team.png',
    );
  });

  it('takes an uploaded picture in place of an address, and can remove it', async () => {
    const upload = '/api/uploads/0b5f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';
    mockApi({
      'POST /api/uploads': { status: 201, body: { id: 'x', url: upload, width: 640, height: 480 } },
      'POST /api/pictures/check': { body: { ok: true, width: 640, height: 480 } },
    });
    const { container } = renderField();
    const user = userEvent.setup();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'team.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of Photo' })).toHaveAttribute(
      'src',
      upload,
    );
    expect(screen.queryByRole('textbox', { name: 'Photo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(screen.getByRole('textbox', { name: 'Photo' })).toHaveValue('');
  });
});

const layout = {
  id: 'image-caption',
  layoutName: 'Picture with caption',
  placeholders: [{ objectId: 'title', label: 'Title', type: 'TITLE' }, picturePlaceholder],
};

function storeDraft(picture: string) {
  storeWizardDraft({
    selectedSlides: ['title'],
    customSlides: [
      {
        id: 'c1',
        layoutId: layout.id,
        layoutName: layout.layoutName,
        placeholders: layout.placeholders,
        placeholderContent: { title: 'Our team', image: picture },
        keptPlaceholders: [],
      },
    ],
  });
}

describe('step 4 before generating', () => {
  const missing = {
    slideIndex: 0,
    objectId: 'image',
    url: 'https://img.example/gone.png',
    reason: 'HTTP 404',
  };

  it('holds Generate until the rep keeps an empty frame for a missing picture', async () => {
    storeDraft(missing.url);
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': { body: { missingPictures: [missing], warnings: [] } },
    });
    renderApp('/create-deck/generate');
    expect(await screen.findByRole('heading', { name: 'A picture cannot be used' })).toBeVisible();
    expect(screen.getByText('Custom slide 1 (Picture with caption), Photo')).toBeVisible();
    expect(screen.getByText('HTTP 404')).toBeVisible();
    const generate = screen.getByRole('button', { name: 'Generate Presentation' });
    expect(generate).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Keep an empty frame' }));
    await waitFor(() => expect(generate).toBeEnabled());
    expect(
      screen.getByText(
        'Custom slide 1 (Picture with caption), Photo: an empty frame stands in for the missing picture.',
      ),
    ).toBeVisible();
    expect(loadDeckDraft().templateCustomization?.customSlides?.[0]?.keptPlaceholders).toEqual([
      'image',
    ]);
  });

  it('takes the picture out when the rep removes it, and lists the font warnings', async () => {
    storeDraft(missing.url);
    const warning = 'The text has no characters for U+0378: they show as empty boxes.';
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'POST /api/decks/preflight': ({ body }) => {
        const content = (
          body as {
            templateCustomization: { customSlides: { placeholderContent: { image: string } }[] };
          }
        ).templateCustomization.customSlides[0]!.placeholderContent.image;
        return { body: { missingPictures: content ? [missing] : [], warnings: [warning] } };
      },
    });
    renderApp('/create-deck/generate');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove picture' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Generate Presentation' })).toBeEnabled(),
    );
    expect(screen.queryByRole('heading', { name: 'A picture cannot be used' })).toBeNull();
    expect(screen.getByText(warning)).toBeVisible();
    expect(loadDeckDraft().templateCustomization?.customSlides?.[0]?.placeholderContent).toEqual({
      title: 'Our team',
      image: '',
    });
  });
});
