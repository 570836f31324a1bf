/** /en/rss.xml: the English article feed (RSS 2.0; src/areas/articles/rss.ts). */
import { englishFeed } from '../../areas/articles/rss';

export const GET = englishFeed;
