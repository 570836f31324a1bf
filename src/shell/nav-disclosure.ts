/**
 * Comfort for the <details> submenus (they work without this): opening one closes the
 * others, Escape closes the open one and returns focus to its summary, and a click or
 * focus outside closes it. Escape also closes the phone header's "Menu" disclosure
 * (details[data-menu-toggle], SiteHeader) when focus is in the header, once no submenu
 * is left to close.
 */
const menus = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-disclosure]'));

function closeAll(except?: HTMLDetailsElement): void {
  for (const d of menus()) if (d !== except && d.open) d.open = false;
}

for (const details of menus()) {
  details.addEventListener('toggle', () => {
    if (details.open) closeAll(details);
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const active = document.activeElement;
  const open =
    menus().find((d) => d.open && d.contains(active)) ??
    (active?.closest('header') && document.querySelector<HTMLDetailsElement>('details[data-menu-toggle][open]'));
  if (!open) return;
  open.open = false;
  open.querySelector('summary')?.focus();
});

document.addEventListener('click', (event) => {
  const target = event.target as Node;
  for (const d of menus()) if (d.open && !d.contains(target)) d.open = false;
});

document.addEventListener('focusin', (event) => {
  const target = event.target as Node;
  for (const d of menus()) if (d.open && !d.contains(target)) d.open = false;
});
