import { chromium, type Browser } from '@playwright/test';
import { withToursSeen } from './fixtures';

/**
 * A Chromium of its own for voice tests: fake microphone and camera, permission prompts answered yes
 * (both are launch flags, so not the shared browser), no DNS look-ups outside this machine.
 */
export const launchFakeMediaBrowser = async (extraArgs: string[] = []): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ...extraArgs,
    ],
  });
  // The table's first-visit tour stays out of the voice tests' way, as in every other test.
  withToursSeen(browser);
  return browser;
};
