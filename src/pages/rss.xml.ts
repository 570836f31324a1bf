/** /rss.xml: the Thai article feed (RSS 2.0). */
import type { APIRoute } from 'astro';
import { rssResponse } from '../content/rss-feed';

export const GET: APIRoute = ({ site }) => rssResponse('th', site);
