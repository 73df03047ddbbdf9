import type { LibraryPicture, LibraryPicturesResponse } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { PictureBrowser, pictureBrowserMessages } from './picture-browser.tsx';

const picture = (id: string, name: string, tags: string[]): LibraryPicture => ({
  id,
  address: `/api/uploads/${id}`,
  name,
  tags,
  width: 800,
  height: 600,
  createdAt: '2031-06-01T09:00:00.000Z',
  uploadedBy: { name: 'Cora Content', email: 'cora@example.com' },
  source: 'library',
});

const library = [
  picture('p1', 'Rooftop array.jpg', ['rooftop', 'array']),
  picture('p2', 'Heat pump on the roof.png', ['heat', 'pump', 'roof']),
  picture('p3', 'Team photo.png', ['team']),
];

/** The server's list, searched and filtered as it does it (words by their start, a tag exactly). */
function answer(url: URL, pictures = library): { body: LibraryPicturesResponse } {
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const tag = url.searchParams.get('tag');
  const found = pictures.filter(
    (p) =>
      (!tag || p.tags.includes(tag)) &&
      words.every((word) =>
        `${p.name} ${p.tags.join(' ')}`
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((part) => part.startsWith(word)),
      ),
  );
  const counts = new Map<string, number>();
  for (const p of pictures) for (const t of p.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return {
    body: {
      pictures: found,
      nextCursor: null,
      tags: [...counts].map(([name, count]) => ({ tag: name, count })),
    },
  };
}

function Harness({
  onChoose,
  uploadTo,
  canEdit,
}: {
  onChoose: (address: string) => void;
  uploadTo?: 'library' | 'own';
  canEdit?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Choose from library
      </button>
      <output aria-label="Chosen">{chosen}</output>
      <PictureBrowser
        opened={opened}
        uploadTo={uploadTo}
        canEdit={canEdit}
        onClose={() => setOpened(false)}
        onChoose={(address) => {
          setChosen(address);
          onChoose(address);
        }}
      />
    </>
  );
}

async function openBrowser(props: Parameters<typeof Harness>[0]) {
  renderApp('/', [{ path: '/', element: <Harness {...props} /> }]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Choose from library' }));
  const dialog = await screen.findByRole('dialog', { name: 'Picture library' });
  return { user, dialog };
}

const shown = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Pictures' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the picture browser', () => {
  it('narrows the pictures as words are typed and by a tag, and gives back the one chosen', async () => {
    const seen: URL[] = [];
    mockApi({
      'GET /api/library/pictures': ({ url }) => {
        seen.push(url);
        return answer(url);
      },
    });
    const onChoose = vi.fn();
    const { user, dialog } = await openBrowser({ onChoose });
    await waitFor(() =>
      expect(shown(dialog)).toEqual([
        'Rooftop array.jpg',
        'Heat pump on the roof.png',
        'Team photo.png',
      ]),
    );
    expect(seen[0]!.searchParams.has('own')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Search pictures' }), 'roof');
    await waitFor(() =>
      expect(shown(dialog)).toEqual(['Rooftop array.jpg', 'Heat pump on the roof.png']),
    );
    expect(seen.at(-1)!.searchParams.get('q')).toBe('roof');

    const tags = within(dialog).getByRole('group', { name: 'Filter by tag' });
    await user.click(within(tags).getByRole('checkbox', { name: 'pump (1)' }));
    await waitFor(() => expect(shown(dialog)).toEqual(['Heat pump on the roof.png']));
    expect(seen.at(-1)!.searchParams.get('tag')).toBe('pump');

    // Chosen by keyboard: the picture is a button.
    within(dialog).getByRole('button', { name: 'Heat pump on the roof.png' }).focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('/api/uploads/p2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('/api/uploads/p2');
  });

  it('says so when nothing matches, and when the library has no pictures yet', async () => {
    let pictures = library;
    mockApi({ 'GET /api/library/pictures': ({ url }) => answer(url, pictures) });
    const { user, dialog } = await openBrowser({ onChoose: vi.fn() });
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Search pictures' }),
      'zebra',
    );
    expect(await within(dialog).findByText(pictureBrowserMessages.noMatch)).toBeVisible();

    pictures = [];
    await user.clear(within(dialog).getByRole('textbox', { name: 'Search pictures' }));
    expect(await within(dialog).findByText(pictureBrowserMessages.noPictures)).toBeVisible();
  });

  it('uploads a new picture with its name and chooses it; a rep’s goes to their own pictures', async () => {
    const seen: URL[] = [];
    mockApi({
      'GET /api/library/pictures': ({ url }) => {
        seen.push(url);
        return answer(url);
      },
      'POST /api/uploads': {
        status: 201,
        body: { id: 'n1', url: '/api/uploads/n1', width: 10, height: 10 },
      },
    });
    const onChoose = vi.fn();
    const { user, dialog } = await openBrowser({ onChoose, uploadTo: 'own' });
    await within(dialog).findByRole('button', { name: 'Team photo.png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'Northwind roof.png', { type: 'image/png' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith('/api/uploads/n1'));
    // A rep's own earlier pictures are listed beside the library's.
    expect(seen[0]!.searchParams.get('own')).toBe('true');
    const posted = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(posted[0])).toBe('/api/uploads');
    expect(posted[1]!.headers).toMatchObject({ 'X-File-Name': 'Northwind%20roof.png' });
  });

  it('lets an editor rename and retag a picture, and shows what the server refused', async () => {
    const puts: unknown[] = [];
    mockApi({
      'GET /api/library/pictures': ({ url }) => answer(url),
      'PUT /api/library/pictures/p3': ({ body }) => {
        puts.push(body);
        return puts.length === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'Check the fields.',
                  fields: { 'tags.1': 'A tag takes letters, digits, spaces and hyphens only.' },
                },
              },
            }
          : { body: { ...library[2]!, name: 'Sales team', tags: ['team', 'sales'] } };
      },
    });
    const { user, dialog } = await openBrowser({ onChoose: vi.fn(), canEdit: true });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Name and tags of Team photo.png' }),
    );
    const form = within(dialog).getByRole('form', { name: 'Name and tags of Team photo.png' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Sales team');
    await user.type(within(form).getByRole('combobox', { name: 'Tags' }), 'sales{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save name and tags' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'tags, 1: A tag takes letters, digits, spaces and hyphens only.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save name and tags' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(puts.at(-1)).toEqual({ name: 'Sales team', tags: ['team', 'sales'] });
  });

  it('offers no editing where the picture cannot be changed', async () => {
    mockApi({ 'GET /api/library/pictures': ({ url }) => answer(url) });
    const { dialog } = await openBrowser({ onChoose: vi.fn() });
    await within(dialog).findByRole('button', { name: 'Team photo.png' });
    expect(within(dialog).queryByRole('button', { name: /^Name and tags/ })).toBeNull();
  });

  it('shows the next page of pictures after the last one, when asked', async () => {
    const cursors: (string | null)[] = [];
    mockApi({
      'GET /api/library/pictures': ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        const { body } = answer(url);
        return cursor === 'page-2'
          ? { body: { ...body, pictures: [picture('p9', 'Old warehouse.jpg', [])] } }
          : { body: { ...body, nextCursor: 'page-2' } };
      },
    });
    const { user, dialog } = await openBrowser({ onChoose: vi.fn() });
    await within(dialog).findByRole('button', { name: 'Team photo.png' });
    await user.click(within(dialog).getByRole('button', { name: 'Show more pictures' }));
    await waitFor(() => expect(shown(dialog)).toHaveLength(4));
    expect(shown(dialog).at(-1)).toBe('Old warehouse.jpg');
    expect(cursors).toEqual([null, 'page-2']);
    expect(within(dialog).queryByRole('button', { name: 'Show more pictures' })).toBeNull();
  });
});
