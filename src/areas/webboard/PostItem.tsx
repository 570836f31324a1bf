/**
 * One post of a thread: author, time (Buddhist era in Thai), an "edited" mark, and the text as
 * plain text with safe links. The author may edit or delete it within the edit window the
 * server gives (`editableUntil`); an admin may hide, show again or delete any post. A hidden
 * post reads as a notice to members; an admin still sees its text, marked as hidden.
 */
import { useState } from 'react';
import { useTranslation } from '../../ui/island/translation';
import type { Lang } from '../../i18n/config';
import { formatDateTime } from '../../lib/dates';
import type { Post } from './api';
import { postParts } from './post-text';
import { PostForm } from './PostForm';
import { deletePost, editPost, setPostHidden, type WriteResult } from './store';

interface Props {
  post: Post;
  lang: Lang;
  isAdmin: boolean;
  /** The opening post: deleting it deletes the thread. */
  opening: boolean;
  now: number;
  /** After a change: reload the page of posts, with a message for the status line. */
  onChanged: (message: string, result?: { threadDeleted?: boolean }) => void;
  onFailed: (message: string) => void;
}

function PostBody({ body }: { body: string }) {
  return (
    <p className="mt-2 mb-0 whitespace-pre-line break-words">
      {postParts(body).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} rel="nofollow ugc noopener noreferrer" className="underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

export function PostItem({ post, lang, isAdmin, opening, now, onChanged, onFailed }: Props) {
  const { t } = useTranslation('webboard');
  const [mode, setMode] = useState<'read' | 'edit' | 'confirmDelete'>('read');
  const mine = post.editableUntil !== null && Date.parse(post.editableUntil) > now;
  const canDelete = mine || isAdmin;

  async function run(action: Promise<WriteResult<unknown>>, done: string) {
    const result = await action;
    if (result.status === 'success') {
      setMode('read');
      const data = result.data as { threadDeleted?: boolean } | null;
      onChanged(done, { threadDeleted: data?.threadDeleted === true });
    } else if (result.status === 'error') {
      const status = (result.error as { status?: unknown } | null)?.status;
      onFailed(status === 409 ? t('post.windowClosed') : status === 403 ? t('compose.forbidden') : t('compose.failed'));
    }
  }

  return (
    <li className="p-4 rounded border border-solid border-border/40 bg-surface" data-post-id={post.id}>
      <p className="m-0 text-sm text-muted">
        {t('thread.postedBy', { author: post.author })}{' '}
        <time dateTime={post.createdAt}>{t('thread.postedAt', { date: formatDateTime(post.createdAt, lang) })}</time>
        {post.editedAt && (
          <>
            {' · '}
            <span title={formatDateTime(post.editedAt, lang)}>{t('post.edited')}</span>
          </>
        )}
        {post.hidden && isAdmin && (
          <span className="ml-2 px-2 rounded border border-solid border-border">{t('post.hiddenBadge')}</span>
        )}
      </p>
      {mode === 'edit' ? (
        <div className="mt-3">
          <PostForm
            level={3}
            heading={t('post.editHeading')}
            initial={{ body: post.body }}
            submitLabel={t('post.save')}
            send={(v) => editPost(post.id, v.body, { lang })}
            onSent={() => {
              setMode('read');
              onChanged(t('post.saved'));
            }}
            onCancel={() => setMode('read')}
          />
        </div>
      ) : post.hidden && !isAdmin ? (
        <p className="mt-2 mb-0 italic">{t('post.hidden')}</p>
      ) : (
        <PostBody body={post.body} />
      )}
      {mode === 'confirmDelete' && (
        <div role="group" aria-label={t('post.confirmDelete')} className="mt-3 flex flex-wrap items-center gap-3">
          <p className="m-0 font-bold">{opening ? t('post.confirmDeleteThread') : t('post.confirmDelete')}</p>
          <button
            type="button"
            className="btn wb-primary"
            onClick={() => void run(deletePost(post.id, { lang }), t('post.deleted'))}
          >
            {t('post.confirmYes')}
          </button>
          <button type="button" className="btn" onClick={() => setMode('read')}>
            {t('compose.cancel')}
          </button>
        </div>
      )}
      {mode === 'read' && (mine || isAdmin) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {mine && (
            <button type="button" className="btn" onClick={() => setMode('edit')}>
              {t('post.edit')}
            </button>
          )}
          {canDelete && (
            <button type="button" className="btn" onClick={() => setMode('confirmDelete')}>
              {t('post.delete')}
            </button>
          )}
          {isAdmin && (
            <button
              type="button"
              className="btn"
              onClick={() =>
                void run(
                  setPostHidden(post.id, !post.hidden, { lang }),
                  post.hidden ? t('post.shown') : t('post.hiddenDone'),
                )
              }
            >
              {post.hidden ? t('post.unhide') : t('post.hide')}
            </button>
          )}
        </div>
      )}
      {mine && mode === 'read' && post.editableUntil && (
        <p className="mt-2 mb-0 text-sm text-muted">
          {t('post.editUntil', { time: formatDateTime(post.editableUntil, lang) })}
        </p>
      )}
    </li>
  );
}
