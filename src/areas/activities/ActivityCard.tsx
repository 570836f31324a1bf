/**
 * One activity in a list: cover, category and type, title linking to `/activity/{id}/`, dates
 * and place. Astro renders it statically (ActivityListPage, related activities), the activities
 * filter island (filter.tsx) for its live results: one markup.
 */
import { Card } from '../../ui/Card';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';
import type { ActivityKind, ActivitySummary } from './api';
import { ActivityWhen } from './ActivityWhen';

interface Props {
  activity: Pick<ActivitySummary, 'id' | 'title' | 'summary' | 'cover' | 'startDate' | 'endDate' | 'location'> & {
    category: { title: string };
  };
  /** Activity or training (the API's `kind`). */
  type: ActivityKind;
  lang: Lang;
  t: Text;
  level?: 2 | 3;
  eager?: boolean;
}

export function ActivityCard({ activity, type, lang, t, level = 2, eager = false }: Props) {
  const typeLabel = t(type === 'training' ? 'content.training' : 'content.activity');
  // "Training · Training" says nothing: show the type only when the category does not already.
  const meta =
    activity.category.title.toLowerCase() === typeLabel.toLowerCase()
      ? typeLabel
      : `${activity.category.title} · ${typeLabel}`;
  return (
    <Card
      title={activity.title}
      href={localizePath(`/activity/${encodeURIComponent(activity.id)}/`, lang)}
      summary={activity.summary}
      image={activity.cover}
      meta={meta}
      level={level}
      eager={eager}
      lang={lang}
    >
      <ActivityWhen activity={activity} lang={lang} t={t} />
    </Card>
  );
}
