/**
 * `/webboard/new/?room=…`: start a thread in a room (POST /webboard/room/{roomId}/thread after
 * the word check). On success the member lands on the new thread.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { IslandRoot, LoadFailure, Loading, useLoadState, type IslandProps } from '../../ui/island';
import type { Lang } from '../../i18n/config';
import { useClientValue } from '../../ui/island/use-client-value';
import { $threadList, loadThreads, startThread } from './store';
import { PostForm } from './PostForm';
import { webboardPaths } from './paths';
import { MembersOnly } from './session';

function NewThread({ lang }: { lang: Lang }) {
  const { t } = useTranslation('webboard');
  const state = useLoadState($threadList);
  const roomId = useClientValue(() => new URLSearchParams(location.search).get('room')?.trim() ?? '');

  useEffect(() => {
    if (roomId) void loadThreads(roomId, { page: 1, lang });
  }, [roomId, lang]);

  if (roomId === null) return <Loading />;
  const rooms = webboardPaths(lang).rooms;
  if (roomId === '')
    return (
      <p role="alert">
        {t('room.missingId')} <a href={rooms}>{t('threads.backToRooms')}</a>
      </p>
    );
  if (state.failed) {
    if ((state.error as { status?: unknown } | null)?.status === 404)
      return (
        <p role="alert">
          {t('room.notFound')} <a href={rooms}>{t('threads.backToRooms')}</a>
        </p>
      );
    return <LoadFailure message={state.failureMessage} onRetry={() => void loadThreads(roomId, { lang })} />;
  }
  const room = state.data?.room;
  if (!room || room.id !== roomId) return <Loading />;
  return (
    <div className="flex flex-col gap-3">
      <p className="m-0">
        <a href={webboardPaths(lang).room(room.id)}>{t('thread.backToRoom', { room: room.title })}</a>
      </p>
      <PostForm
        withTitle
        heading={t('compose.newThreadHeading', { room: room.title })}
        submitLabel={t('compose.newThreadSubmit')}
        draftKey={`webboard-draft:new:${room.id}`}
        send={async (v) => {
          const result = await startThread(room.id, v, { lang });
          if (result.status === 'success') location.assign(webboardPaths(lang).thread(result.data.thread.id));
          return result;
        }}
        onSent={() => undefined}
      />
    </div>
  );
}

export default function WebboardNewThreadIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <MembersOnly lang={lang}>{() => <NewThread lang={lang} />}</MembersOnly>
    </IslandRoot>
  );
}
