/** `/webboard/`: the discussion rooms (GET /webboard/room), for logged-in members. */
import { useEffect } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { formatDateTime, formatNumber } from '../../lib/dates';
import { $roomList, loadRooms } from './store';
import { IslandRoot, LoadFailure, Loading, useLoadState, type IslandProps } from '../../ui/island';
import { webboardPaths } from './paths';
import { MembersOnly } from './session';

function Rooms({ lang }: Pick<IslandProps, 'lang'>) {
  const { t } = useTranslation('webboard');
  const state = useLoadState($roomList);
  useEffect(() => {
    void loadRooms({ lang });
  }, [lang]);

  if (state.failed && !state.data)
    return <LoadFailure message={state.failureMessage} onRetry={() => void loadRooms({ lang })} />;
  if (!state.data) return <Loading />;
  if (state.data.length === 0) return <p>{t('rooms.empty')}</p>;
  return (
    <section aria-labelledby="wb-rooms-h">
      <h2 id="wb-rooms-h" className="text-xl">
        {t('rooms.title')}
      </h2>
      <ul className="list-none m-0 p-0 grid gap-4 md:grid-cols-2">
        {state.data.map((room) => (
          <li key={room.id} className="p-4 rounded border border-solid border-border/40 bg-surface flex flex-col gap-1">
            <h3 className="m-0 text-lg">
              <a href={webboardPaths(lang).room(room.id)}>{room.title}</a>
            </h3>
            {room.description && <p className="m-0">{room.description}</p>}
            <p className="m-0 text-sm text-muted">
              {t('rooms.threadCount', { count: room.threadCount, formatted: formatNumber(room.threadCount, lang) })}
              {room.lastPostAt && <> · {t('rooms.lastPost', { date: formatDateTime(room.lastPostAt, lang) })}</>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function WebboardRoomsIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <MembersOnly lang={lang}>{() => <Rooms lang={lang} />}</MembersOnly>
    </IslandRoot>
  );
}
