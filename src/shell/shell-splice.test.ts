import { describe, expect, it } from 'vitest';
import { markPart, PLACEHOLDER, spliceShell } from './shell-splice';

const parts = (menu: string) => ({
  header: `<header><a href="/">${menu}</a><a class="lang-switch" href="${PLACEHOLDER.alternateHref}" lang="en">EN</a></header>`,
  footer: `<footer>${menu} footer</footer>`,
  consent: '<div>consent</div>',
});
const html = (p: Record<string, string>, alt: string, body = '<main>body</main>') =>
  `<head></head><body>${markPart('header', p.header!.replace(PLACEHOLDER.alternateHref, alt))}${body}${markPart('footer', p.footer!)}${markPart('consent', p.consent!)}</body>`;
const page = (p: Record<string, string>, alt: string, body?: string) => Buffer.from(html(p, alt, body));
const swapped = (p: Buffer, with_: ReturnType<typeof parts>) => spliceShell(p, with_)?.toString() ?? null;

describe('spliceShell', () => {
  it("puts the new parts in place of the old, with the page's own value where the placeholder is", () => {
    const alt = '/en/search/?q=a&amp;b=&quot;$&amp;&quot;';
    expect(swapped(page(parts('Old'), alt), parts('New'))).toBe(html(parts('New'), alt));
  });

  it('keeps the body as it is, whatever it holds', () => {
    const body = '<main><header>บทความ an article’s own header</header><footer>its footer</footer></main>';
    expect(swapped(page(parts('Old'), '/en/', body), parts('New'))).toBe(html(parts('New'), '/en/', body));
  });

  it('gives null for a page without marked parts (made before they were marked), or without the value', () => {
    expect(swapped(Buffer.from('<body><header>Old</header></body>'), parts('New'))).toBeNull();
    const noSwitch = page({ ...parts('Old'), header: '<header>Old</header>' }, '/en/');
    expect(swapped(noSwitch, parts('New'))).toBeNull();
  });
});
