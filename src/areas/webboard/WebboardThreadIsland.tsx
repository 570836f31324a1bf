/**
 * `/webboard/thread/?id=…&page=…`: a thread and one page of its posts (GET /webboard/thread/{id},
 * 12 a page), the reply form (unless an admin locked the thread), and the post and thread
 * actions a member or an admin may take. Post bodies are plain text, rendered as text with
 * safe links (post-text.ts), never as HTML.
 */
import { useRef, useState } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { formatDateTime } from '../../lib/dates';
import { $thread, loadThread, reply, setThreadLocked } from './store';
import { IslandRoot, LoadFailure, Loading, useLoadState, type IslandProps } from '../../ui/island';
import type { Lang } from '../../i18n/config';
import { useNow } from '../../ui/island/use-client-value';
import { Pager } from '../../ui/island/Pager';
import { PostForm } from './PostForm';
import { PostItem } from './PostItem';
import { useBoardAddress, webboardPaths } from './paths';
import { MembersOnly } from './session';

function Thread({ lang, isAdmin }: { lang: Lang; isAdmin: boolean }) {
  const { t } = useTranslation('webboard');
  const state = useLoadState($thread);
  const [where, setWhere] = useBoardAddress(lang, loadThread);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const now = useNow();

  if (!where) return <Loading />;
  const rooms = webboardPaths(lang).rooms;
  if (!where.id)
    return (
      <p role="alert">
        {t('thread.missingId')} <a href={rooms}>{t('threads.backToRooms')}</a>
      </p>
    );
  const id = where.id;
  const reload = () => void loadThread(id, { page: where.page, lang });
  if (state.failed && !state.loading) {
    const status404 = (state.error as { status?: unknown } | null)?.status === 404;
    if (status404)
      return (
        <p role="alert">
          {t('thread.notFound')} <a href={rooms}>{t('threads.backToRooms')}</a>
        </p>
      );
    return <LoadFailure message={state.failureMessage} onRetry={reload} />;
  }
  const data = state.data;
  if (!data || data.thread.id !== id) return <Loading />;

  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  function go(page: number, focus = true) {
    history.pushState(null, '', webboardPaths(lang).thread(id, page));
    setWhere({ id, page });
    if (focus) document.getElementById('wb-thread-h')?.focus();
  }
  function announce(text: string, tone: 'ok' | 'error' = 'ok') {
    setStatus({ tone, text });
    requestAnimationFrame(() => statusRef.current?.focus());
  }
  function changed(message: string, result?: { threadDeleted?: boolean }) {
    if (result?.threadDeleted) {
      location.assign(`${webboardPaths(lang).room(data!.room.id)}`);
      return;
    }
    announce(message);
    reload();
  }

  return (
    <article aria-labelledby="wb-thread-h" className="flex flex-col gap-3">
      <p className="m-0">
        <a href={webboardPaths(lang).room(data.room.id)}>{t('thread.backToRoom', { room: data.room.title })}</a>
      </p>
      <h2 id="wb-thread-h" tabIndex={-1} className="m-0 text-xl">
        {data.thread.title}
        {data.thread.locked && (
          <span className="ml-2 px-2 rounded border border-solid border-border text-sm align-middle">
            {t('thread.lockedBadge')}
          </span>
        )}
      </h2>
      <p className="m-0 text-sm text-muted">
        {t('threads.author')}: {data.thread.author} ·{' '}
        {t('threads.createdAt', { date: formatDateTime(data.thread.createdAt, lang) })} ·{' '}
        {t('threads.views', { count: data.thread.views })}
      </p>
      {isAdmin && (
        <div>
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const r = await setThreadLocked(id, !data.thread.locked, { lang });
              if (r.status === 'success') changed(data.thread.locked ? t('thread.unlocked') : t('thread.lockedDone'));
              else announce(t('compose.failed'), 'error');
            }}
          >
            {data.thread.locked ? t('thread.unlock') : t('thread.lock')}
          </button>
        </div>
      )}
      {status && (
        <p
          ref={statusRef}
          tabIndex={-1}
          role={status.tone === 'error' ? 'alert' : 'status'}
          className={`m-0 p-3 rounded bg-surface font-bold ${status.tone === 'error' ? 'wb-field-error' : 'wb-ok'}`}
        >
          {status.text}
        </p>
      )}
      <h3 className="mb-0 text-lg">{t('thread.postCount', { count: Math.max(0, data.total - 1) })}</h3>
      <ol className="list-none m-0 p-0 flex flex-col gap-3" data-posts>
        {data.posts.map((post, i) => (
          <PostItem
            key={`${post.id}:${post.editedAt ?? ''}:${post.hidden}`}
            post={post}
            lang={lang}
            isAdmin={isAdmin}
            opening={data.page === 1 && i === 0}
            now={now}
            onChanged={changed}
            onFailed={(text) => announce(text, 'error')}
          />
        ))}
      </ol>
      {pages > 1 && (
        <Pager page={data.page} pages={pages} hrefOf={(p) => webboardPaths(lang).thread(id, p)} onGo={go} />
      )}
      {data.thread.locked ? (
        <p className="m-0 p-3 rounded border border-solid border-border bg-notice" data-thread-locked>
          {t('thread.locked')}
        </p>
      ) : (
        <PostForm
          key={formKey}
          heading={t('compose.replyHeading')}
          submitLabel={t('compose.replySubmit')}
          draftKey={`webboard-draft:reply:${id}`}
          send={(v) => reply(id, v.body, { lang })}
          onSent={() => {
            setFormKey((k) => k + 1);
            announce(t('compose.replied'));
            const last = Math.max(1, Math.ceil((data.total + 1) / data.limit));
            if (last !== data.page) go(last, false);
            else reload();
          }}
        />
      )}
    </article>
  );
}

export default function WebboardThreadIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <MembersOnly lang={lang}>
        {(session) => <Thread lang={lang} isAdmin={session.profile?.isAdmin === true} />}
      </MembersOnly>
    </IslandRoot>
  );
}
