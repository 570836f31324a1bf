/**
 * Category colours (calendar events) as CSS custom properties, so markup carries
 * `data-cat="<id>"` instead of a style attribute: the Content Security Policy allows no inline
 * style attributes. Elements then paint with `var(--cat-color)`.
 * Colours are checked at the API boundary (#rrggbb); ids are used only when they are plain.
 */
const SAFE_ID = /^[A-Za-z0-9_-]+$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

export function categoryColorsCss(categories: Iterable<{ id: string; color: string }>): string {
  const rules = new Map<string, string>();
  for (const { id, color } of categories) {
    if (SAFE_ID.test(id) && COLOUR.test(color)) rules.set(id, `[data-cat="${id}"]{--cat-color:${color}}`);
  }
  return [...rules.values()].join('');
}
