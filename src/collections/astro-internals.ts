/**
 * Changes a class of Astro's content layer that its package does not export (reached by its
 * file under astro/dist/), once per process: the content store's meta sets
 * (./unchanged-meta.ts) and its file writer (./store-file-writer.ts). The build's own process
 * and the content config share these modules (Node loads each file once), so a change made at
 * config setup holds for the sync.
 */
export async function patchAstroClass<P extends object>(
  file: string,
  className: string,
  mark: string,
  patch: (prototype: P) => void,
): Promise<void> {
  const url = new URL(`./${file}`, import.meta.resolve('astro')).href;
  const module = (await import(/* @vite-ignore */ url)) as Record<string, { prototype: P }>;
  const prototype = module[className]!.prototype;
  const marks = prototype as Record<symbol, true | undefined>;
  const done = Symbol.for(mark);
  if (marks[done]) return;
  patch(prototype);
  marks[done] = true;
}
