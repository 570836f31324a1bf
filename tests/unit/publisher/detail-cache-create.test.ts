/**
 * The detail-answer cache and a new record (scripts/publisher/content-store.ts): a
 * create, or a record published again after an unpublish, no longer re-reads every detail of its
 * type. Each cached answer waits for the new record's fresh answer and is fetched again only when
 * its related items share one with the new record's (its neighbours, under the reference API's
 * rule of "the records just before it in its category"; the whole category under "the newest N").
 */
import { describe, expect, it } from 'vitest';
import { detailCache } from '../../../scripts/publisher/detail-cache.ts';

const endpoint = (slug: string) => `/content/page/${slug}`;
const answer = (slug: string, related: string[]) => ({ slug, title: slug, related: related.map((s) => ({ slug: s })) });
/** a1 (newest) … a9 (oldest) of one category, each related to the 4 just before it. */
const order = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'];
const relatedOf = (list: string[], slug: string) => list.slice(list.indexOf(slug) + 1, list.indexOf(slug) + 5);

function fill() {
  detailCache.begin(null);
  for (const slug of order) detailCache.set('en', endpoint(slug), answer(slug, relatedOf(order, slug)));
}

/** What the re-read does with each cached answer: `reused`, or `fetched` again. */
async function outcome(slug: string): Promise<'reused' | 'fetched' | 'waiting'> {
  const got = detailCache.get('en', endpoint(slug));
  if (!got) return 'fetched';
  if ('value' in got) return 'reused';
  return (await got.pending) === undefined ? 'fetched' : 'reused';
}

describe('the detail cache and a new record', () => {
  it('fetches again only the answers around a new record, reusing the rest of its type', async () => {
    fill();
    detailCache.begin([{ type: 'article', action: 'create', key: 'x' }]);
    // x comes between a3 and a4: a1, a2 and a3 now name it; a8 and a9 cannot.
    const pending = ['a1', 'a2', 'a3', 'a8', 'a9'].map(outcome);
    expect(detailCache.get('en', endpoint('x'))).toBeUndefined(); // its own answer is fetched
    const withX = ['a1', 'a2', 'a3', 'x', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'];
    detailCache.set('en', endpoint('x'), answer('x', relatedOf(withX, 'x')));
    expect(await Promise.all(pending)).toEqual(['fetched', 'fetched', 'fetched', 'reused', 'reused']);
  });

  it('another area ending its reads first leaves these answers waiting for the new record', async () => {
    fill();
    detailCache.begin([{ type: 'article', action: 'create', key: 'x' }]);
    // The articles' loader asks its answers; they wait for x's.
    const articles = ['a1', 'a8', 'a9'].map((slug) => detailCache.get('en', endpoint(slug)));
    const pending = articles.map((got) => (got && 'pending' in got ? got.pending : Promise.resolve('not waiting')));
    // The news' loader, reading the same language at the same time, ends first: it settles its own.
    const news = detailCache.get('en', endpoint('a2'));
    detailCache.settle('en', news && 'pending' in news ? [news.pending] : []);
    const withX = ['a1', 'a2', 'a3', 'x', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9'];
    detailCache.set('en', endpoint('x'), answer('x', relatedOf(withX, 'x')));
    const outcomes = (await Promise.all(pending)).map((v) => (v === undefined ? 'fetched' : 'reused'));
    expect(outcomes).toEqual(['fetched', 'reused', 'reused']);
  });

  it('fetches the answers still waiting when their own loader has read everything else', async () => {
    fill();
    detailCache.begin([{ type: 'article', action: 'create', key: 'x' }]);
    const got = detailCache.get('en', endpoint('a9'));
    if (!got || !('pending' in got)) throw new Error('a9 should wait for x');
    // x's answer never came (its list did not show it in this language): a9 is fetched.
    detailCache.settle('en', [got.pending]);
    expect(await got.pending).toBeUndefined();
  });

  it('takes a record published again after an unpublish as a new one', async () => {
    fill();
    // Unpublished: the webhook says delete; its own answers are forgotten.
    detailCache.begin([{ type: 'article', action: 'delete', key: 'a5' }]);
    // Published again: an update of a record the cache no longer holds.
    detailCache.begin([{ type: 'article', action: 'update', key: 'a5' }]);
    const pending = ['a2', 'a9'].map(outcome);
    detailCache.set('en', endpoint('a5'), answer('a5', relatedOf(order, 'a5')));
    expect(await Promise.all(pending)).toEqual(['fetched', 'reused']);
  });

  it('reuses every answer of a type without related items (a procurement notice: its group and files name no notice)', async () => {
    const notice = (uuid: string) => ({ uuid, title: uuid, group: { id: 'g1', title: 'Bids' }, attachments: [] });
    detailCache.begin(null);
    for (const uuid of ['n1', 'n2', 'n3']) detailCache.set('en', `/purchase/view/${uuid}`, notice(uuid));
    detailCache.begin([{ type: 'procurement', action: 'create', key: 'n4' }]);
    const got = ['n1', 'n2', 'n3'].map(async (uuid) => {
      const answer = detailCache.get('en', `/purchase/view/${uuid}`);
      if (!answer) return 'fetched';
      return 'value' in answer || (await answer.pending) !== undefined ? 'reused' : 'fetched';
    });
    detailCache.set('en', '/purchase/view/n4', notice('n4')); // same group as every other
    expect(await Promise.all(got)).toEqual(['reused', 'reused', 'reused']);
  });

  it('still reuses every other answer for an update of a record it holds', async () => {
    fill();
    detailCache.begin([{ type: 'article', action: 'update', key: 'a9' }]);
    expect(await outcome('a1')).toBe('reused');
  });
});

describe('which re-reads ask for lists with their details embedded', () => {
  it('a re-read of every area, and an edit of a type the cache holds nothing of yet; not an edit it can reuse answers for', () => {
    detailCache.begin(null); // a catch-up or a scheduled re-read: one list page instead of a GET a detail
    expect(detailCache.embeds()).toBe(true);
    // An edit before the catch-up read its area: nothing to reuse, so the lists carry the details.
    detailCache.begin([{ type: 'activity', action: 'update', key: '7' }]);
    expect(detailCache.embeds()).toBe(true);
    fill(); // articles held
    detailCache.begin([{ type: 'article', action: 'update', key: 'a3' }]);
    expect(detailCache.embeds()).toBe(false);
    // A menu names no record: its re-read of the article area reuses the articles' answers.
    detailCache.begin([{ type: 'menu', action: 'update', key: 'main' }]);
    expect(detailCache.embeds()).toBe(false);
  });
});
