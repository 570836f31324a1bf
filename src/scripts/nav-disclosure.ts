/**
 * Comfort for the <details> submenus (they work without this): opening one closes the
 * others, Escape closes the open one and returns focus to its summary, and a click or
 * focus outside closes it.
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
  const open = menus().find((d) => d.open && d.contains(document.activeElement));
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
