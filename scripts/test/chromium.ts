/** Finds the Chromium the end-to-end tests drive (Playwright cannot download browsers here). */
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** @returns {string | null} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const CHROMIUM_MISSING_MESSAGE = `No Chromium found for the end-to-end tests.
Install Debian's Chromium:   sudo apt-get update && sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.`;
