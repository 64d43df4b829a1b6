import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). Each test file starts its
 * own Belfry server process (see server.ts) so that it can kill and restart it.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  // 2 cores run up to 8 browser contexts and the server in the game tests: give the UI room.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.E2E_RESULTS ?? 'test-results/results.json' }]]
    : 'list',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium still looks up its account and update hosts; no test traffic may leave the machine.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
