import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from '@playwright/test';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The base URL comes from global-setup.ts, and every page fails its test when the browser
 * logs an error to the console or the page throws.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (a blocked request, a refused sign-in). */
  allowedConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        (text) => !allowedConsoleErrors.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * WCAG 2.1 A and AA rules; a finding prints its rule, its impact and the elements it names.
 * With E2E_SCREENSHOTS_DIR set, each checked page is also saved for a person to look at, named
 * for its path (and `label`, when one path is checked in several states).
 */
export async function violations(page: Page, label?: string) {
  const shots = process.env.E2E_SCREENSHOTS_DIR;
  if (shots) {
    const name = new URL(page.url()).pathname.replace(/[^a-z0-9]+/gi, '-');
    const suffix = label ? `-${label}` : '';
    await page.screenshot({ path: `${shots}/a11y${name}${suffix}.png`, fullPage: true });
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * How wide the page is at a phone's width (390 px) once `shown` is on screen there: wider than
 * 390 means the phone scrolls sideways. The viewport is put back as it was.
 */
export async function widthOnAPhone(page: Page, shown: Locator) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(shown).toBeVisible();
  const width = await page.locator('html').evaluate((html) => html.scrollWidth);
  if (before) await page.setViewportSize(before);
  return width;
}

/**
 * The browser's own log line for an answer with one of these HTTP statuses (a refused
 * request). One pattern, not several: `test.use` would read a two-element array as a
 * `[value, options]` pair.
 */
export function failedResourceError(...statuses: number[]): RegExp {
  return new RegExp(
    `Failed to load resource: the server responded with a status of (?:${statuses.join('|')})\\b`,
  );
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: global-setup.ts did not run`);
  return value;
}

/** The approved admin that global-setup.ts created as the server's first account. */
export function firstAdmin() {
  return {
    email: requireEnv('E2E_ADMIN_EMAIL'),
    password: requireEnv('E2E_ADMIN_PASSWORD'),
    name: requireEnv('E2E_ADMIN_NAME'),
  };
}

/** A fresh identity per test, so tests never share an account. */
export function uniqueUser(label = 'user') {
  const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    email: `${label}-${suffix}@e2e.test`,
    password: `pw ${suffix} long enough`,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${suffix.slice(-4).toUpperCase()}`,
  };
}

type SessionUser = { id: string; email: string; name: string; role: string; status: string };

/** A new deck or a deck's next version: both are made by a job worker. */
const isGeneration = (path: string) =>
  path === '/api/generate-slides' || /^\/api\/decks\/[^/]+\/versions$/.test(path);

/** Calls the API the way the browser does: JSON, same Origin, the context's cookies. */
async function postJson(request: APIRequestContext, path: string, data: unknown) {
  const baseUrl = requireEnv('E2E_BASE_URL');
  return request.post(`${baseUrl}${path}`, {
    data,
    // A deck made through the API is used at once: wait for the worker to make it.
    headers: { Origin: baseUrl, ...(isGeneration(path) ? { Prefer: 'wait=60' } : {}) },
  });
}

/** Creates an account through the API (a pending one: the admin already exists). */
export async function signUpViaApi(
  request: APIRequestContext,
  account: { email: string; password: string; name: string },
): Promise<SessionUser> {
  const response = await postJson(request, '/api/auth/sign-up', account);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: SessionUser }).user;
}

/** Signs `request` in (its cookie jar keeps the session; `page.request` shares the page's). */
export async function signInViaApi(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<SessionUser> {
  const response = await postJson(request, '/api/auth/sign-in', {
    email: account.email,
    password: account.password,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: SessionUser }).user;
}

export { postJson };

type OutboxMail = { to: string; text: string; link: string | null };

/** Pino's JSON lines carrying an outbox mail: `outbox mail to ADDRESS:\nTEXT`. */
function parseOutboxMails(log: string): OutboxMail[] {
  const mails: OutboxMail[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('outbox mail to ')) continue;
    let msg: unknown;
    try {
      msg = (JSON.parse(line) as { msg?: unknown }).msg;
    } catch {
      continue;
    }
    if (typeof msg !== 'string') continue;
    const match = /^outbox mail to ([^:\s]+):\n([\s\S]*)$/.exec(msg);
    if (!match) continue;
    const text = match[2]!;
    // Reset and invitation links, the view link of a shared deck, a client link and a link's
    // analytics page.
    const link =
      /https?:\/\/\S+\/(?:auth\/(?:reset|invite)\?token=[\w-]+|deck\/[0-9a-f-]{36}\/(?:view|links\/[0-9a-f-]{36})|v\/[\w-]{43})/.exec(
        text,
      );
    mails.push({ to: match[1]!.toLowerCase(), text, link: link?.[0] ?? null });
  }
  return mails;
}

/**
 * Waits for the newest outbox mail to `email` with a link in it (after `skip` earlier ones
 * to that address) and returns it. The e2e server logs every mail it would send.
 */
export async function readLatestMailTo(
  email: string,
  { skip = 0, timeoutMs = 15_000 }: { skip?: number; timeoutMs?: number } = {},
): Promise<OutboxMail & { link: string }> {
  const logPath = requireEnv('E2E_SERVER_LOG');
  const address = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = parseOutboxMails(await readFile(logPath, 'utf8')).filter(
      (mail) => mail.to === address && mail.link,
    );
    const latest = mails.length > skip ? mails.at(-1) : undefined;
    if (latest?.link) return { ...latest, link: latest.link };
    if (Date.now() > deadline) throw new Error(`no mail with a link reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * An approved account for deck tests: signed up through the API (pending), then approved
 * by the first admin with `role`. Its own API context is disposed; sign the page in after.
 */
export async function createApprovedUser(label: string, role = 'sales_rep') {
  const account = uniqueUser(label);
  const userContext = await playwrightRequest.newContext();
  const adminContext = await playwrightRequest.newContext();
  try {
    const user = await signUpViaApi(userContext, account);
    await signInViaApi(adminContext, firstAdmin());
    const approved = await postJson(adminContext, `/api/admin/users/${user.id}/approve`, { role });
    expect(approved.status(), await approved.text()).toBe(200);
    return { ...account, id: user.id };
  } finally {
    await userContext.dispose();
    await adminContext.dispose();
  }
}

/** The browser's storage as a page script sees it (these tests compile without the DOM types). */
type BrowserStorage = { setItem(key: string, value: string): void };

/**
 * Puts a wizard draft in the page's storage: an advanced deck for Northwind Pharmacies with one
 * "Image and caption" custom slide whose picture is `picture`, as step 3 would leave it.
 */
export async function seedPictureDraft(page: Page, picture: string, includePricing = false) {
  await page.evaluate(
    (draft) =>
      (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem(
        'deckCreationData',
        JSON.stringify(draft),
      ),
    {
      basicInfo: {
        deckTitle: 'Pictures deck',
        clientName: 'Northwind Pharmacies',
        date: '2031-06-15',
        primaryContact: '',
        mode: 'advanced',
      },
      productSelection: {
        selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
        includePricing,
        customPricing: {},
      },
      templateCustomization: {
        selectedSlides: ['title', 'thank-you'],
        customSlides: [
          {
            id: 'c1',
            layoutId: 'image-caption',
            layoutName: 'Image and caption',
            placeholders: [
              { objectId: 'title', label: 'Title', type: 'TITLE' },
              { objectId: 'image', label: 'Picture URL', type: 'PICTURE' },
              { objectId: 'caption', label: 'Caption', type: 'CAPTION' },
            ],
            placeholderContent: { title: 'Our site team', image: picture },
            keptPlaceholders: [],
          },
        ],
      },
    },
  );
}

/** A small deck made through the API by the signed-in `request`; answers its id. */
export async function generateDeckViaApi(request: APIRequestContext, deckTitle = 'API deck') {
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: { deckTitle, clientName: 'Northwind Pharmacies', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

/** The deck's PDF as text, every run of white space one space. */
export async function pdfText(request: APIRequestContext, deckId: string) {
  return pdfTextAt(request, `/api/decks/${deckId}/download`);
}

type PdfPage = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;

/** Each page of the PDF at `path`, in order, through `read`: what it gave for every page. */
async function readPdfPages<T>(
  request: APIRequestContext,
  path: string,
  read: (page: PdfPage) => Promise<T>,
): Promise<T[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(await response.body()), verbosity: 0 })
    .promise;
  try {
    const pages: T[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) pages.push(await read(await pdf.getPage(n)));
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The addresses the links on a deck's PDF pages open, every page's in order. */
export async function pdfLinks(request: APIRequestContext, deckId: string) {
  const pages = await readPdfPages(request, `/api/decks/${deckId}/download`, async (page) =>
    (await page.getAnnotations()).flatMap((annotation: { url?: unknown }) =>
      typeof annotation.url === 'string' ? [annotation.url] : [],
    ),
  );
  return pages.flat();
}

/** The text of the PDF at `path`, every page's in order, as one spaced line. */
export async function pdfTextAt(request: APIRequestContext, path: string) {
  const pages = await readPdfPages(request, path, async (page) =>
    (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '),
  );
  return pages.join(' ').replace(/\s+/g, ' ');
}
