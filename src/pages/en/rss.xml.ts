/** /en/rss.xml: the English article feed (RSS 2.0). */
import type { APIRoute } from 'astro';
import { rssResponse } from '../../areas/articles/rss';

export const GET: APIRoute = ({ site }) => rssResponse('en', site);
