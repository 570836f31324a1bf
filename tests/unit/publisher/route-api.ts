/**
 * Sends the requests a process makes to the shared build's API address (scripts/test/built-site.ts) to a
 * suite's own API: `fetch` is wrapped, so the build's loaders, which call the address they were
 * built with, reach the suite's API and its data. Used in a suite's process (`routeApi`) and,
 * loaded with `--import` and TEST_ROUTE_API="<from> <to>" (`routeApiArgs`), in the publishers it starts.
 */
import { fileURLToPath } from 'node:url';

/** From now on, requests to origin `from` go to origin `to`; returns the undo. */
export function routeApi(from: string, to: string): () => void {
  const original = globalThis.fetch;
  const move = (url: string) => (url.startsWith(`${from}/`) || url === from ? to + url.slice(from.length) : url);
  globalThis.fetch = (input, init) => {
    if (typeof input === 'string') return original(move(input), init);
    if (input instanceof URL) return original(move(input.href), init);
    const moved = move(input.url);
    return original(moved === input.url ? input : new Request(moved, input), init);
  };
  return () => {
    globalThis.fetch = original;
  };
}

/** The node arguments and environment that make a child process route `from` to `to`. */
export function routeApiArgs(from: string, to: string) {
  return { args: ['--import', fileURLToPath(import.meta.url)], env: { TEST_ROUTE_API: `${from} ${to}` } };
}

const [from, to] = (process.env.TEST_ROUTE_API ?? '').split(' ');
if (from && to) routeApi(from, to);
