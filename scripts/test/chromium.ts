/**
 * The Chromium the end-to-end tests and the Lighthouse bench drive (Playwright cannot download
 * browsers here), and the fonts it draws the demo images' Thai text with.
 *
 * Order: CHROMIUM_PATH; Debian's Chromium; otherwise the headless shell that the npm package
 * @sparticuz/chromium ships (unpacked to the temporary folder on first use, about 1.5 s), so
 * `npm install && npm test` needs nothing from apt. PORTAL_CHROMIUM=bundled skips the first two
 * (to try the bundled one on a machine that has Debian's), PORTAL_CHROMIUM=system skips the last.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const root = fileURLToPath(new URL('../..', import.meta.url));

type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'bundled';
export interface FoundChromium {
  path: string;
  source: ChromiumSource;
}

/** The Chromium to drive, or null when none can be had (CHROMIUM_PATH names a missing file). */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundChromium | null> {
  const choice = env.PORTAL_CHROMIUM;
  if (choice !== 'bundled') {
    const fromEnv = env.CHROMIUM_PATH;
    if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv, source: 'CHROMIUM_PATH' } : null;
    const system = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
    if (system) return { path: system, source: 'system' };
    if (choice === 'system') return null;
  }
  return { path: await bundledChromium(), source: 'bundled' };
}

/** Unpacks (once per machine) and returns the headless shell inside @sparticuz/chromium. */
async function bundledChromium(): Promise<string> {
  const { default: chromium } = await import('@sparticuz/chromium');
  // WebGL is not needed; this also skips unpacking SwiftShader.
  chromium.setGraphicsMode = false;
  return chromium.executablePath();
}

/**
 * A fontconfig file that gives Chromium Sarabun (Thai and Latin; first in the demo images' font
 * stack, and the pages' own web font) from the npm package @expo-google-fonts/sarabun as its only
 * system fonts, whatever the machine has, so the images' Thai text and the Lighthouse figures do
 * not depend on it. TrueType files: Chromium cannot use @fontsource's woff files as system fonts.
 * Passed to the browser as FONTCONFIG_FILE (chromiumEnv). Written under .data/ with absolute paths.
 */
function fontconfigFile(): string {
  const dir = path.join(root, '.data', 'fontconfig');
  mkdirSync(path.join(dir, 'cache'), { recursive: true });
  const sarabun = path.join(root, 'node_modules', '@expo-google-fonts', 'sarabun');
  const file = path.join(dir, 'fonts.conf');
  const xml = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by scripts/test/chromium.ts: Sarabun (Thai and Latin) for every generic family. -->
<fontconfig>
  <dir>${escapeXml(sarabun)}</dir>
  <cachedir>${escapeXml(path.join(dir, 'cache'))}</cachedir>
  <alias><family>sans-serif</family><prefer><family>Sarabun</family></prefer></alias>
  <alias><family>serif</family><prefer><family>Sarabun</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>Sarabun</family></prefer></alias>
</fontconfig>
`;
  writeFileSync(file, xml);
  return file;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The environment variables Chromium is started with: its fonts (fontconfigFile). */
export function chromiumEnv(): { FONTCONFIG_FILE: string } {
  return { FONTCONFIG_FILE: fontconfigFile() };
}

export const CHROMIUM_MISSING_MESSAGE = `No Chromium found for the end-to-end tests.
CHROMIUM_PATH names a file that does not exist (${process.env.CHROMIUM_PATH ?? ''}), or
PORTAL_CHROMIUM=system was set and there is no /usr/bin/chromium. Unset them to use the
Chromium inside the npm package @sparticuz/chromium (installed by npm install).`;
