/**
 * The visitors counter (GET /tracking/visitors): the page shows the numbers of its build;
 * this refreshes them once the counter scrolls into view, formatted for the page's language.
 * The API module (with its response schema) is loaded only then, so a visitor who never
 * scrolls that far downloads none of it. A failure leaves the build-time numbers in place.
 */
import { formatNumber } from '../../lib/dates';

const lang = document.documentElement.lang === 'en' ? 'en' : 'th';

async function refresh(block: HTMLElement): Promise<void> {
  try {
    const { getVisitors } = await import('./api');
    const visitors = await getVisitors(lang);
    const total = block.querySelector('[data-visitors-total]');
    const today = block.querySelector('[data-visitors-today]');
    if (total) total.textContent = formatNumber(visitors.total, lang);
    if (today) today.textContent = formatNumber(visitors.today, lang);
    block.dataset.visitorsLive = 'true';
  } catch {
    // keep the build-time numbers; the client has logged the failure
  }
}

const blocks = document.querySelectorAll<HTMLElement>('[data-visitors-counter]');
if (blocks.length > 0) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      void refresh(entry.target as HTMLElement);
    }
  });
  blocks.forEach((block) => observer.observe(block));
}
