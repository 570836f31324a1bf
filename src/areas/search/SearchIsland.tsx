/** Site search island (`/search/?q=`): hydrated client:load, it is the page's main content. */
import { IslandRoot, type IslandProps } from '../../ui/island/IslandRoot';
import { SearchApp } from './SearchApp';

export default function SearchIsland({ lang, resources }: IslandProps) {
  return (
    <IslandRoot lang={lang} resources={resources}>
      <SearchApp lang={lang} />
    </IslandRoot>
  );
}
