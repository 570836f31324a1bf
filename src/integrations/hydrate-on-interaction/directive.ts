/**
 * `client:interaction`: hydrates an island the first time the visitor reaches into it: a
 * pointerdown (mouse, pen or touch), a keydown, or an input event (typing, a select changed,
 * also by assistive technology) inside the island's element. Not focus, which scripts move too
 * (the popup's pre-React script focuses its button). A page whose island is server-rendered and
 * usable as HTML thus downloads and starts React only for a visitor who uses it: nothing runs
 * while the page loads (no main-thread work, no blocking time).
 *
 * The value, when given, lists query parameters (separated by single spaces) that make the
 * island hydrate at once when one of them has a value, e.g.
 * `client:interaction="q cat sub region"`: a shared filtered address must apply its filter on
 * load, not on the first click.
 *
 * Events that arrive before hydration are not replayed: the island is expected to read the
 * state the visitor left in its server-rendered HTML when it mounts (see ListFilterIsland).
 */
import type { ClientDirective } from 'astro';

// Kept small: Astro inlines this in every page with such an island.
const EVENTS = ['pointerdown', 'keydown', 'input']; // pointerdown includes touch; input includes a select's change

export default ((load, options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await (
      await load()
    )();
  };
  const keys = options.value;
  if (typeof keys === 'string' && keys && new RegExp(`[?&](${keys.split(' ').join('|')})=[^&]`).test(location.search))
    void start();
  else for (const type of EVENTS) el.addEventListener(type, start, true);
}) satisfies ClientDirective;
