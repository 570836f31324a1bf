/**
 * The keys of a page's shell parts, and those parts for the publisher's splice.
 *
 * `shellKeys` is what ./BaseLayout.astro renders the header, footer and consent notice under
 * (./render-cache.ts): the language, the digests of what each shows, the page's current menu
 * links, the year. Inside the long-lived publisher, the bundle also fills the bridge's
 * `SHELL_PARTS` slot (src/lib/bridge.ts): the parts a page at a pathname shows now, as rendered
 * for an earlier page with the same keys, or null when one of them has not been rendered yet
 * (scripts/publisher/render-path.ts `shellParts`).
 */
import { localizePath, langFromPath, type Lang } from '../i18n';
import { getShellData, type ShellData } from './collection';
import { currentLinks, renderedPart } from './render-cache';
import type { ShellPart } from './shell-splice';
import { SHELL_PARTS } from '../lib/bridge';

export function shellKeys(lang: Lang, currentPath: string, shell: ShellData): Record<ShellPart, string> {
  const home = localizePath('/', lang);
  const links = currentLinks(lang, currentPath, home, [shell.menu, shell.topMenu]);
  return {
    header: `header:${lang}:${shell.digests.header}:${links}`,
    footer: `footer:${lang}:${shell.digests.footer}:${shell.digests.consent}:${new Date().getFullYear()}`,
    consent: `consent:${lang}:${shell.digests.consent}`,
  };
}

async function shellPartsAt(pathname: string): Promise<Record<ShellPart, string> | null> {
  const lang = langFromPath(pathname);
  const keys = shellKeys(lang, pathname, await getShellData(lang));
  const [header, footer, consent] = [renderedPart(keys.header), renderedPart(keys.footer), renderedPart(keys.consent)];
  if (!header || !footer || !consent) return null;
  return { header: await header, footer: await footer, consent: await consent };
}

SHELL_PARTS.set(shellPartsAt);
