import { defineConfig } from '@playwright/test';

const isCI = Boolean(process.env.CI);

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real built
 * server, started by global-setup.ts on a free port with a temporary data directory.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    // A trace records every action's page and screen while the test runs. In CI, where nothing
    // keeps it, it cost half as much again of Chromium's CPU (the accessibility spec alone:
    // ~205 s with it, ~135 s without; the run 150-170 s against 125-135 s): a failing test is
    // traced there when it runs again.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
