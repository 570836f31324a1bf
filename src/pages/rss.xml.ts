/** /rss.xml: the Thai article feed (RSS 2.0). */
import type { APIRoute } from 'astro';
import { rssResponse } from '../areas/articles/rss';

export const GET: APIRoute = ({ site }) => rssResponse('th', site);
