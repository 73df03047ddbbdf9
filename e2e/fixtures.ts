import { test as base, expect, type ConsoleMessage } from '@playwright/test';

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
