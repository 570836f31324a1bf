/**
 * Turns a server-rendered set of sections into an accessible tablist (WAI-ARIA tabs
 * pattern: arrow keys, Home and End move between tabs; only the chosen panel shows).
 * Without JavaScript every section stays visible, reached by the in-page links above them.
 *
 * Markup it expects (see TabbedSections.astro):
 *   [data-tabs] > ul[data-tabs-nav] > li > a[href="#panel-id"]
 *   [data-tabs] > section[data-tab-panel][id="panel-id"]
 */
function enhance(root: HTMLElement): void {
  const nav = root.querySelector<HTMLElement>('[data-tabs-nav]');
  const links = nav ? [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')] : [];
  const panels = links.map((a) => root.querySelector<HTMLElement>(`[data-tab-panel][id="${a.hash.slice(1)}"]`));
  if (!nav || links.length === 0 || panels.some((p) => !p)) return;

  nav.setAttribute('role', 'tablist');
  const label = root.dataset.tabsLabel;
  if (label) nav.setAttribute('aria-label', label);
  links.forEach((tab, i) => {
    const panel = panels[i]!;
    tab.parentElement?.setAttribute('role', 'presentation');
    tab.setAttribute('role', 'tab');
    tab.id ||= `${panel.id}-tab`;
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  });

  const select = (index: number, focus: boolean) => {
    links.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels[i]!.hidden = !on;
    });
    if (focus) links[index]!.focus();
  };

  links.forEach((tab, i) => {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(i, false);
    });
    tab.addEventListener('keydown', (event) => {
      const last = links.length - 1;
      const next =
        event.key === 'ArrowRight'
          ? i === last
            ? 0
            : i + 1
          : event.key === 'ArrowLeft'
            ? i === 0
              ? last
              : i - 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : -1;
      if (next < 0) return;
      event.preventDefault();
      select(next, true);
    });
  });
  root.dataset.tabsReady = '';
  // A link to one of the panels (/news/#mocNews) opens that tab.
  const fromHash = links.findIndex((a) => a.hash === location.hash);
  select(fromHash >= 0 ? fromHash : 0, false);
}

document.querySelectorAll<HTMLElement>('[data-tabs]').forEach(enhance);
