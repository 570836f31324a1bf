/**
 * `/webboard/thread/?id=…`: a thread and its posts (GET /webboard/thread/{id}). Post bodies are
 * plain text and are rendered as text (React escapes them; line breaks kept by CSS), never HTML.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { formatDateTime } from '../../lib/dates';
import { $thread, loadThread } from './store';
import { IslandRoot, LoadFailure, Loading, useLoadState, type IslandProps } from '../../ui/island';
import { webboardPaths } from './paths';
import { MembersOnly } from './session';

function Thread({ lang }: Pick<IslandProps, 'lang'>) {
  const { t } = useTranslation('webboard');
  const state = useLoadState($thread);
  const [id, setId] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    setId(new URLSearchParams(location.search).get('id')?.trim() || null);
  }, []);
  useEffect(() => {
    if (id) void loadThread(id, { lang });
  }, [id, lang]);

  if (id === undefined) return <Loading />;
  const rooms = webboardPaths(lang).rooms;
  if (id === null)
    return (
      <p role="alert">
        {t('thread.missingId')} <a href={rooms}>{t('threads.backToRooms')}</a>
      </p>
    );
  if (state.failed) {
    const status = (state.error as { status?: unknown } | null)?.status;
    if (status === 404)
      return (
        <p role="alert">
          {t('thread.notFound')} <a href={rooms}>{t('threads.backToRooms')}</a>
        </p>
      );
    return <LoadFailure message={state.failureMessage} onRetry={() => void loadThread(id, { lang })} />;
  }
  const data = state.data;
  if (!data || data.thread.id !== id) return <Loading />;

  return (
    <article aria-labelledby="wb-thread-h" className="flex flex-col gap-3">
      <p className="m-0">
        <a href={webboardPaths(lang).room(data.room.id)}>{t('thread.backToRoom', { room: data.room.title })}</a>
      </p>
      <h2 id="wb-thread-h" className="m-0 text-xl">
        {data.thread.title}
      </h2>
      <p className="m-0 text-sm text-muted">
        {t('threads.author')}: {data.thread.author} ·{' '}
        {t('threads.createdAt', { date: formatDateTime(data.thread.createdAt, lang) })} ·{' '}
        {t('threads.views', { count: data.thread.views })}
      </p>
      <h3 className="mb-0 text-lg">{t('thread.postCount', { count: data.posts.length })}</h3>
      <ol className="list-none m-0 p-0 flex flex-col gap-3">
        {data.posts.map((post) => (
          <li key={post.id} className="p-4 rounded border border-solid border-border/40 bg-surface">
            <p className="m-0 text-sm text-muted">
              {t('thread.postedBy', { author: post.author })}{' '}
              {t('thread.postedAt', { date: formatDateTime(post.createdAt, lang) })}
            </p>
            <p className="mt-2 mb-0 whitespace-pre-line">{post.body}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

export default function WebboardThreadIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <MembersOnly lang={lang}>{() => <Thread lang={lang} />}</MembersOnly>
    </IslandRoot>
  );
}
