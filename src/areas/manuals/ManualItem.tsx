/**
 * One manual in a list: group, title (to `/manuals/{uuid}/`), last update and summary. Astro
 * renders it statically (ManualList.astro), the manuals filter island (filter.tsx) for its live
 * results: one markup.
 */
import { FormattedDate } from '../../ui/FormattedDate';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';
import type { Manual } from './api';

interface Props {
  manual: Pick<Manual, 'uuid' | 'title' | 'summary' | 'updatedAt'> & { group: { title: string } };
  lang: Lang;
  t: Text;
  level?: 2 | 3;
}

export function ManualItem({ manual: m, lang, t, level = 2 }: Props) {
  const Heading = `h${level}` as const;
  return (
    <article className="flex flex-col gap-1 rounded border border-solid border-border/40 bg-surface p-4 h-full">
      <p className="m-0 text-sm text-muted">{m.group.title}</p>
      <Heading className="m-0 text-lg font-bold leading-snug">
        <a href={localizePath(`/manuals/${m.uuid}/`, lang)}>{m.title}</a>
      </Heading>
      <p className="m-0 text-sm text-muted">
        {`${t('manualsPage.updated')}: `}
        <FormattedDate value={m.updatedAt} lang={lang} />
      </p>
      {m.summary && <p className="m-0">{m.summary}</p>}
    </article>
  );
}
