/** Event calendar island (`/calendar/`): hydrated client:idle over the build-time event list. */
import { IslandRoot, type IslandProps } from '../shared/IslandRoot';
import { CalendarApp } from './CalendarApp';

export default function CalendarIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <CalendarApp lang={lang} />
    </IslandRoot>
  );
}
