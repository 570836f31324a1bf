/**
 * `client:interaction`: hydrates an island the first time the visitor reaches into it (a
 * pointer down, a touch, a key press, or an input or change event inside the island's element;
 * not focus, which scripts move too: the popup's pre-React script focuses its button), so a page whose
 * island is server-rendered and usable as HTML downloads and starts React only for a visitor
 * who uses it: nothing runs while the page loads (no main-thread work, no blocking time).
 *
 * The value, when given, lists query parameters that make the island hydrate at once, e.g.
 * `client:interaction="q cat sub region"`: a shared filtered address must apply its filter on
 * load, not on the first click.
 *
 * Events that arrive before hydration are not replayed: the island is expected to read the
 * state the visitor left in its server-rendered HTML when it mounts (see ListFilterIsland).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'input', 'change'] as const;

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
  };

  const keys = typeof options.value === 'string' ? options.value.split(/[\s,]+/).filter(Boolean) : [];
  const params = new URLSearchParams(location.search);
  if (keys.some((key) => (params.get(key) ?? '').trim() !== '')) {
    void start();
    return;
  }
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
};

export default hydrateOnInteraction;
