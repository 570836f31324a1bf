/**
 * The rest of a publish (scripts/publisher/stages/rest.ts): what the release after an edit's
 * renders, and a menu's rest stepping aside whole for a waiting edit, its collections carried
 * to that edit's render (the rest's getStaticPaths would otherwise run before it first looked at
 * the queue).
 */
import { describe, expect, it } from 'vitest';
import { Rest } from '../../../../scripts/publisher/stages/rest.ts';
import type { PagePath } from '../../../../scripts/publisher/render-path.ts';

/** The shell's collections are read by every route (a menu); the articles' by a few. */
const rp = { readByAll: (changed: ReadonlySet<string>) => [...changed].filter((c) => c === 'quickMenu') };
const none = {
  ...{ restChanged: null, deferred: 0, yielded: false, sitemapOwed: false, twinsOwed: 0 },
  paths: [] as PagePath[],
};

describe('the rest of a publish', () => {
  it('is nothing after a whole release, and the deferred pages after one that left some', () => {
    const rest = new Rest();
    rest.leave(none);
    expect(rest.next(rp, false)).toBeNull();
    const paths = [{ file: 'en/articles/page/2/index.html' }] as PagePath[];
    rest.leave({ ...none, deferred: 9, paths });
    // An edit waits: not even planned (its render finds these pages stale still and leaves them again).
    expect(rest.next(rp, true)).toBeNull();
    expect(rest.next(rp, false)).toEqual({ kind: 'pages', paths });
    rest.leave({ ...none, deferred: 3, yielded: true, paths }); // stopped for an edit: that edit's render finds them stale
    expect(rest.next(rp, false)).toBeNull();
  });

  it("a menu's rest steps aside whole for a waiting edit, and that edit's render runs its routes' getStaticPaths", () => {
    const rest = new Rest();
    rest.leave({ ...none, restChanged: new Set(['quickMenu']) });
    expect(rest.next(rp, true)).toBeNull(); // an edit waits: not even the rest's getStaticPaths runs
    // The edit's render asks for its own collections and the menu's: no route keeps the old menu's cacheKeys.
    expect(rest.changed(['articles/en/a1', 'articles/th/a1'])).toEqual(new Set(['quickMenu', 'articles']));
    expect(rest.changed(['articles/en/a1'])).toEqual(new Set(['quickMenu', 'articles'])); // until a render went through
    rest.leave({ ...none, restChanged: new Set(['quickMenu', 'articles']) }); // that render leaves both for its rest
    expect(rest.changed(['laws/en/1'])).toEqual(new Set(['laws']));
    expect(rest.next(rp, false)).toEqual({ kind: 'collections', changed: new Set(['quickMenu', 'articles']) });
  });

  it("a menu's rest stopped in its getStaticPaths for an edit is carried to that edit's render the same way", () => {
    const rest = new Rest();
    rest.leave({ ...none, yielded: true, steppedAside: new Set(['quickMenu']), sitemapOwed: true });
    expect(rest.next(rp, false)).toBeNull(); // nothing of its own left: the edit's render takes it on
    expect(rest.changed(['articles/en/a1'])).toEqual(new Set(['quickMenu', 'articles']));
  });

  it('the rest of a menu edit that changed a record besides never steps aside (its lists may have shifted)', () => {
    const rest = new Rest();
    rest.leave({ ...none, restChanged: new Set(['quickMenu', 'articles']) });
    expect(rest.next(rp, true)).toEqual({ kind: 'collections', changed: new Set(['quickMenu', 'articles']) });
    rest.leave({ ...none, restChanged: new Set(['quickMenu']) });
    expect(rest.next(rp, false)).toEqual({ kind: 'collections', changed: new Set(['quickMenu']) }); // no edit waits: it runs
  });

  it("publishes a menu's every page, then its twins a part at a time while no edit waits", async () => {
    const rest = new Rest();
    const paths = [{ file: 'en/index.html' }] as PagePath[];
    rest.leave({ ...none, restChanged: new Set(['quickMenu']) });
    const published: Array<Record<string, unknown>> = [];
    let owed = 3; // parts of twins still to make
    let waits = false;
    const publish = async (left: Record<string, unknown>) => {
      published.push(left);
      if (left.kind === 'pages') owed--;
      rest.leave({ ...none, twinsOwed: owed, paths });
      return { release: `r${published.length}` } as never;
    };
    const first = await rest.drain(rp, () => waits, publish);
    expect(first).toEqual({ release: 'r1' }); // the figures of the pages' rest
    const pagesLeft = { kind: 'pages', paths };
    expect(published).toEqual([
      { kind: 'collections', changed: new Set(['quickMenu']) },
      pagesLeft,
      pagesLeft,
      pagesLeft,
    ]);

    // An edit comes while a part is made: no more rests after it (the edit's own publish leaves them again).
    rest.leave({ ...none, twinsOwed: 2, paths });
    published.length = 0;
    owed = 2;
    await rest.drain(
      rp,
      () => waits,
      async (left) => ((waits = true), publish(left)),
    );
    expect(published).toEqual([pagesLeft]);

    // A rest that released nothing (an edit stopped it) is not tried again at once.
    rest.leave({ ...none, twinsOwed: 2, paths });
    published.length = 0;
    waits = false;
    await rest.drain(
      rp,
      () => waits,
      async (left) => (published.push(left), { release: null }) as never,
    );
    expect(published).toEqual([pagesLeft]);
  });
});
