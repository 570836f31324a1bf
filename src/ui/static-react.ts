/**
 * A React component as static HTML, for .astro files that show it without hydration (the
 * shared cards and list items that islands also render client-side): one synchronous
 * `renderToString`. Written as `<Card … />` in an .astro file, Astro renders it
 * twice (its renderer `check` renders the component to find out it is React) through a
 * streaming render each time: about 0.3 ms a call against 0.03 ms, or a tenth of a list
 * page's time. The markup is the same (the renderer's own strip of resource hints included).
 *
 *   <Fragment set:html={staticReact(ArticleCard, { article, lang })} />
 *
 * The only other difference on a page: Astro numbers its React renders per page for the
 * islands' `prefix` (and their useId ids), and these renders no longer count. For the same
 * reason a component rendered here must not call `useId`: each `renderToString` counts from the
 * start, so two cards on one page would get the same id (none of today's does).
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

/** What @astrojs/react removes from a static render (dist/server.js). */
const RESOURCE_HINT = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

export function staticReact<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToString(createElement(component, props)).replace(RESOURCE_HINT, '');
}
