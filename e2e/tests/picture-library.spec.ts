import type { APIRequestContext } from '@playwright/test';
import { createApprovedUser, expect, signInViaApi, test, violations } from '../fixtures.ts';

// The picture library (issue 49): a content editor finds a picture uploaded before by its words
// and a tag, and puts it on a slide in the studio by keyboard. The slide is not saved: the
// library's shared draft stays as the tests in library.spec.ts expect it.

/** A 48 × 32 green PNG. */
const GREEN_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl+HqGseiH2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wdkvSBqoeCQCQAAAABJRU5ErkJggg==';

/** Uploads a library picture as the studio's upload button does, with its file's name. */
async function uploadPicture(request: APIRequestContext, baseURL: string, name: string) {
  const response = await request.post(`${baseURL}/api/library/pictures`, {
    headers: {
      Origin: baseURL,
      'Content-Type': 'image/png',
      'X-File-Name': encodeURIComponent(name),
    },
    data: Buffer.from(GREEN_PNG, 'base64'),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test('a content editor finds a picture by its words and a tag and puts it on a slide', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const editor = await createApprovedUser('pictures', 'content_editor');
  await signInViaApi(page.request, editor);
  // A word no other test's pictures have, so that the search finds these two only.
  const word = `kestrel${Date.now().toString(36)}`;
  const rooftop = await uploadPicture(page.request, baseURL!, `${word} rooftop array.png`);
  await uploadPicture(page.request, baseURL!, `${word} cold room.png`);

  await page.goto('/admin/library');
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Picture', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from library' }).click();

  const dialog = page.getByRole('dialog', { name: 'Picture library' });
  const search = dialog.getByRole('textbox', { name: 'Search pictures' });
  await expect(search).toBeFocused();
  await search.fill(word);
  const pictures = dialog.getByRole('list', { name: 'Pictures' });
  await expect(pictures.getByRole('listitem')).toHaveCount(2);
  // Words by their start: "roof" finds the rooftop, not the cold room.
  await search.fill(`${word} roof`);
  await expect(pictures.getByRole('listitem')).toHaveCount(1);
  await search.fill(word);
  await expect(pictures.getByRole('listitem')).toHaveCount(2);
  await dialog
    .getByRole('group', { name: 'Filter by tag' })
    .getByText(/^cold \(\d+\)$/)
    .click();
  await expect(pictures.getByRole('listitem')).toHaveCount(1);
  await expect(
    pictures.getByRole('button', { name: `${word} cold room.png`, exact: true }),
  ).toBeVisible();
  expect(await violations(page, 'picture-library')).toEqual([]);
  await dialog
    .getByRole('group', { name: 'Filter by tag' })
    .getByText(/^cold \(\d+\)$/)
    .click();

  // By keyboard: the rooftop's tile is a button; Enter chooses it and the dialog closes.
  await pictures.getByRole('button', { name: `${word} rooftop array.png`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Picture address' })).toHaveValue(rooftop);
});
