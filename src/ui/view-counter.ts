/**
 * View counts (spec point 7) for the markers ViewCounter.astro renders:
 *   - a law (PUT /law/{id}/view): counted when its <details> is opened, or on page load when
 *     the marker is not inside a <details> — once per law per page view;
 *   - an e-magazine (GET /book/update-view/{id}): counted once when its page is shown.
 *
 * The call goes through the portal's API client but skips the area modules: the answer
 * (the new count) is not shown anywhere, and the modules' response schemas would add the
 * whole validation library to pages that otherwise ship almost no script.
 */
import { api } from '../api/client';

const lang = document.documentElement.lang === 'en' ? 'en' : 'th';
const counted = new Set<string>();

function count(kind: string, id: string): void {
  const key = `${kind}:${id}`;
  if (counted.has(key)) return;
  counted.add(key);
  const path = encodeURIComponent(id);
  // Failures are logged by the client; a lost count must not disturb the page.
  const call =
    kind === 'law' ? api.put(`/law/${path}/view`, undefined, { lang }) : api.get(`/book/update-view/${path}`, { lang });
  call.catch(() => undefined);
}

for (const marker of document.querySelectorAll<HTMLElement>('[data-view-counter][data-view-id]')) {
  const kind = marker.dataset.viewCounter ?? '';
  const id = marker.dataset.viewId ?? '';
  if ((kind !== 'law' && kind !== 'book') || !id) continue;
  const details = kind === 'law' ? marker.closest('details') : null;
  if (!details) {
    count(kind, id);
    continue;
  }
  if (details.open) count(kind, id); // opened by the page (e.g. a #law-… link) before this ran
  details.addEventListener('toggle', () => {
    if (details.open) count(kind, id);
  });
}
