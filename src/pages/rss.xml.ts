/** /rss.xml: the Thai article feed (RSS 2.0; src/areas/articles/rss.ts). */
import { thaiFeed } from '../areas/articles/rss';

export const GET = thaiFeed;
