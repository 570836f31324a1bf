/**
 * The rest of a menu or footer edit swaps the shell's parts in the live pages instead of rendering
 * them (scripts/publisher/stages/splice.ts), and only where that gives the bytes a render gives.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { renderChanged } from '../../../../scripts/publisher/stages/render.ts';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';
import { markPart, PLACEHOLDER } from '../../../../src/shell/shell-splice.ts';

// Reads pass through, counted by path (the swap reads live pages ahead of their turn).
const reads = vi.hoisted(() => new Map<string, number>());
/** What happened, in order: `read <file>` and `swap <file>` (the swap asking for the page's parts). */
const events = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = ((file: string, ...rest: []) => {
    reads.set(String(file), (reads.get(String(file)) ?? 0) + 1);
    events.push(`read ${String(file)}`);
    return fs.readFile(file, ...rest);
  }) as typeof fs.readFile;
  return { ...fs, default: { ...fs, readFile }, readFile };
});

/** A site whose pages show a menu in their header; the sitemap page shows it in its body too. */
function site(menu: string) {
  const parts = {
    header: `<header><nav>${menu}</nav><a class="lang-switch" href="${PLACEHOLDER.alternateHref}">EN</a></header>`,
    footer: '<footer>Footer</footer>',
    consent: '<div>Consent</div>',
  };
  const html = (p: Pick<PagePath, 'file' | 'route'>, body: string) => {
    const alt = p.file.startsWith('en/') ? `/${p.file.slice(3)}` : `/en/${p.file}`;
    const header = parts.header.replace(PLACEHOLDER.alternateHref, alt.replace(/index\.html$/, ''));
    const shown = p.route.route === '/sitemap' ? `${body} ${menu}` : body;
    return `<html><body>${markPart('header', header)}<main>${shown}</main>${markPart('footer', parts.footer)}${markPart('consent', parts.consent)}</body></html>`;
  };
  return { parts, html };
}

const page = (file: string, route: string, body: string, shell: string): PagePath & { body: string } =>
  ({
    file,
    pathname: `/${file.replace(/index\.html$/, '')}`,
    route: { type: 'page', route },
    cacheKey: `${shell}:${body}`,
    bodyKey: body,
    records: [],
    body,
  }) as unknown as PagePath & { body: string };

type SitePage = ReturnType<typeof page>;

/** The live release of `pages` as `shown` renders them, in `dir`/live. */
function released(dir: string, shown: ReturnType<typeof site>, pages: SitePage[]): Files {
  const live: Files = new Map();
  for (const p of pages) {
    const source = path.join(dir, 'live', p.file);
    mkdirSync(path.dirname(source), { recursive: true });
    const bytes = Buffer.from(shown.html(p, p.body));
    writeFileSync(source, bytes);
    live.set(p.file, { hash: sha256(bytes), source, cacheKey: p.cacheKey, bodyKey: p.bodyKey, page: true });
  }
  return live;
}

/** The rest of a menu edit over `live`: `pages` as `after` renders them; `swapping` hears each swap ask for its parts. */
async function menuRest(
  dir: string,
  after: ReturnType<typeof site>,
  pages: SitePage[],
  live: Files,
  swapping: (p: PagePath) => void = () => {},
) {
  const rendered: string[] = [];
  const out = await renderChanged({
    rp: {
      origin: 'https://example.org',
      paths: async () => pages,
      readByAll: (changed) => [...changed],
      render: async (p) => (rendered.push(p.file), Buffer.from(after.html(p, (p as SitePage).body))),
      shellParts: async (p) => (swapping(p), after.parts),
    },
    task: {
      kind: 'rest',
      left: { kind: 'collections', changed: new Set(['menu']) },
      editWaits: () => false,
      twinStash: null,
    },
    sitemapOwed: false,
    live,
    liveDir: path.join(dir, 'live'),
    twins: false,
    workDir: path.join(dir, 'work'),
  });
  return { out, rendered };
}

describe('shell splice (the rest of a menu edit)', () => {
  it('swaps the parts of pages whose body is unchanged once their route matched its render, and renders the rest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'splice-'));
    const before = site('Old menu');
    const after = site('New menu');
    const articles = ['a1', 'a2', 'a3', 'a4', 'a5'].map((b) => ({ file: `article/${b}/index.html`, b }));
    const pagesBefore = [
      ...articles.map(({ file, b }) => page(file, '/article/[slug]', b, 'menu1')),
      page('en/article/a1/index.html', '/article/[slug]', 'en-a1', 'menu1'),
      page('sitemap/index.html', '/sitemap', 'map', 'menu1'),
      page('sitemap/2/index.html', '/sitemap', 'map2', 'menu1'),
      page('sitemap/3/index.html', '/sitemap', 'map3', 'menu1'),
    ];
    const live = released(dir, before, pagesBefore);
    // The menu changed; a5's body changed too (an earlier edit left it behind), so it is rendered.
    const pages = pagesBefore.map((p) =>
      p.body === 'a5'
        ? page(p.file, '/article/[slug]', 'a5 edited', 'menu2')
        : page(p.file, p.route.route, p.body, 'menu2'),
    );
    const { out, rendered } = await menuRest(dir, after, pages, live);
    // Two pages of each route and language are rendered and compared first; the sitemap's body
    // shows the menu, so its swap differs and every page of it renders.
    expect(rendered).toEqual([
      'article/a1/index.html',
      'article/a2/index.html',
      'article/a5/index.html',
      'en/article/a1/index.html',
      'sitemap/index.html',
      'sitemap/2/index.html',
      'sitemap/3/index.html',
    ]);
    expect(out.spliced).toBe(2); // a3, a4
    expect(out.rendered).toBe(pages.length);
    expect(out.spliceDiffered).toEqual(['/sitemap th']);
    // Every page is what a render gives, swapped or not.
    for (const p of pages) {
      const state = out.files.get(p.file)!;
      expect(readFileSync(state.source, 'utf8'), p.file).toBe(after.html(p, p.body));
      expect(state.cacheKey).toBe(p.cacheKey);
      expect(state.bodyKey).toBe(p.bodyKey);
    }
  });

  it('reads the live pages it will swap ahead of their turn, once each, and renders a page whose live bytes are gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'splice-ahead-'));
    const [before, after] = [site('Old menu'), site('New menu')];
    const pagesBefore = Array.from({ length: 60 }, (_, i) =>
      page(`article/a${i}/index.html`, '/article/[slug]', `a${i}`, 'menu1'),
    );
    const live = released(dir, before, pagesBefore);
    rmSync(path.join(dir, 'live/article/a30/index.html')); // a store that lost it
    // a10's body changed too: not swapped, not read ahead.
    const pages = pagesBefore.map((p) =>
      page(p.file, p.route.route, p.body === 'a10' ? 'a10 edited' : p.body, 'menu2'),
    );
    reads.clear();
    events.length = 0;
    const { out, rendered } = await menuRest(dir, after, pages, live, (p) =>
      events.push(`swap ${path.join(dir, 'live', p.file)}`),
    );
    expect(rendered).toEqual([
      'article/a0/index.html',
      'article/a1/index.html',
      'article/a10/index.html',
      'article/a30/index.html',
    ]);
    expect(out.spliced).toBe(56);
    for (const p of pages)
      expect(readFileSync(out.files.get(p.file)!.source, 'utf8'), p.file).toBe(after.html(p, p.body));
    const liveReads = [...reads].filter(([file]) => file.startsWith(path.join(dir, 'live')));
    expect(liveReads.every(([, n]) => n === 1)).toBe(true); // each once, ahead or not
    expect(liveReads.some(([file]) => file.endsWith('a10/index.html'))).toBe(false);
    expect(liveReads).toHaveLength(59); // every page but a10, a30's attempt included
    // Read ahead: a20's bytes were asked for before its swap began.
    const a20 = path.join(dir, 'live/article/a20/index.html');
    expect(events.indexOf(`read ${a20}`)).toBeGreaterThanOrEqual(0);
    expect(events.indexOf(`read ${a20}`)).toBeLessThan(events.indexOf(`swap ${a20}`));
  });
});
