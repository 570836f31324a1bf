import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end and accessibility suite. `npm test` (scripts/test/main.ts) serves the test build
 * (scripts/test/built-site.ts) and the reference API on loopback, and passes their addresses here.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8814';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report lets scripts/test/main.ts print one closing 'N passed, N failed' line.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.data/test-results/playwright.json' }],
  ],
  use: {
    baseURL,
    // A trace only when a test is retried (CI retries once): recording one for every test costs about a
    // tenth of the suite's time.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
