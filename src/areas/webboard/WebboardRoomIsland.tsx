/**
 * `/webboard/room/?id=…&page=…`: one room and a page of its threads (GET /webboard/room/{id},
 * 12 a page), with the way to start a new thread. Paging changes the address (pushState), and the back button goes back a page.
 */

import { useTranslation } from '../../ui/island/translation';
import { formatDateTime } from '../../lib/dates';
import { $threadList, loadThreads } from './store';
import { IslandRoot, LoadFailure, Loading, useLoadState, type IslandProps } from '../../ui/island';
import { Pager } from '../../ui/island/Pager';
import { useBoardAddress, webboardPaths } from './paths';
import { MembersOnly } from './session';

function Room({ lang }: Pick<IslandProps, 'lang'>) {
  const { t } = useTranslation('webboard');
  const state = useLoadState($threadList);
  const [where, setWhere] = useBoardAddress(lang, loadThreads);

  if (!where) return <Loading />;
  if (!where.id)
    return (
      <p role="alert">
        {t('room.missingId')} <a href={webboardPaths(lang).rooms}>{t('threads.backToRooms')}</a>
      </p>
    );
  const retry = () => void loadThreads(where.id!, { page: where.page, lang });
  if (state.failed) {
    const status = (state.error as { status?: unknown } | null)?.status;
    if (status === 404)
      return (
        <p role="alert">
          {t('room.notFound')} <a href={webboardPaths(lang).rooms}>{t('threads.backToRooms')}</a>
        </p>
      );
    return <LoadFailure message={state.failureMessage} onRetry={retry} />;
  }
  const data = state.data;
  if (!data || data.room.id !== where.id || data.page !== where.page) return <Loading />;

  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  function go(page: number) {
    history.pushState(null, '', webboardPaths(lang).room(where!.id!, page));
    setWhere({ id: where!.id, page });
    document.getElementById('wb-room-h')?.focus();
  }

  return (
    <section aria-labelledby="wb-room-h" className="flex flex-col gap-3">
      <p className="m-0">
        <a href={webboardPaths(lang).rooms}>{t('threads.backToRooms')}</a>
      </p>
      <h2 id="wb-room-h" tabIndex={-1} className="m-0 text-xl">
        {t('threads.title', { room: data.room.title })}
      </h2>
      {data.room.description && <p className="m-0 text-muted">{data.room.description}</p>}
      <p className="m-0">
        <a href={webboardPaths(lang).newThread(data.room.id)} className="btn wb-primary no-underline">
          {t('compose.newThreadLink')}
        </a>
      </p>
      {data.threads.length === 0 ? (
        <p>{t('threads.empty')}</p>
      ) : (
        <ul className="list-none m-0 p-0 flex flex-col gap-3">
          {data.threads.map((thread) => (
            <li
              key={thread.id}
              className="p-4 rounded border border-solid border-border/40 bg-surface flex flex-col gap-1"
            >
              <h3 className="m-0 text-lg">
                <a href={webboardPaths(lang).thread(thread.id)}>{thread.title}</a>
              </h3>
              <p className="m-0 text-sm text-muted">
                {t('threads.author')}: {thread.author} ·{' '}
                {t('threads.createdAt', { date: formatDateTime(thread.createdAt, lang) })}
              </p>
              <p className="m-0 text-sm text-muted">
                {t('threads.replies', { count: thread.replies })} · {t('threads.views', { count: thread.views })}
                {thread.locked && <> · {t('thread.lockedBadge')}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pager page={data.page} pages={pages} hrefOf={(p) => webboardPaths(lang).room(where.id!, p)} onGo={go} />
      )}
    </section>
  );
}

export default function WebboardRoomIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <MembersOnly lang={lang}>{() => <Room lang={lang} />}</MembersOnly>
    </IslandRoot>
  );
}
