// `npm run cms`: a tiny editor for demos, over the reference API's editor endpoint (editor.mjs).
//
//   npm run cms -- edit article <slug> --title "New title"        (both languages; or --title-th, --title-en)
//   npm run cms -- edit law 12 --body-en "<p>…</p>" --category 2
//   npm run cms -- edit article <slug> --unpublish | --publish
//   npm run cms -- create article my-new-slug --title-th "…" --title-en "…"
//   npm run cms -- delete article <slug>
//
// Talks to API_HOST:API_PORT with EDITOR_TOKEN (both as `npm start` prints them).
import { loadEnv } from '../config/env.ts';
import { parseCommand } from '../config/cli.ts';

const usage = `usage: npm run cms -- edit|create|delete TYPE KEY [options]

Changes a record through the reference API's editor endpoint; the API then sends the signed
webhook to the publisher (as npm start wired it).

  TYPE               article, activity, law, faq, procurement, manual, survey, menu, popup
  KEY                the record's slug, id or uuid
  --title T          the title in both languages (or --title-th T, --title-en T)
  --body B           the body in both languages (or --body-th B, --body-en B)
  --category C       the category id or slug
  --publish          make an unpublished record visible again
  --unpublish        hide the record from every page
  -h, --help         this text

Examples:
  npm run cms -- edit article my-slug --title "New title"
  npm run cms -- delete article my-slug

Environment: EDITOR_TOKEN (required; npm start prints it), API_HOST, API_PORT (127.0.0.1:8787).`;

const { values, positionals } = parseCommand({
  name: 'npm run cms',
  usage,
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    'title-th': { type: 'string' },
    'title-en': { type: 'string' },
    body: { type: 'string' },
    'body-th': { type: 'string' },
    'body-en': { type: 'string' },
    category: { type: 'string' },
    publish: { type: 'boolean' },
    unpublish: { type: 'boolean' },
  },
});
const env = loadEnv('cms');
const [command, type, key] = positionals;
if (!['edit', 'create', 'delete'].includes(command ?? '') || !type || !key || positionals.length > 3) {
  console.error('cms: give edit|create|delete TYPE KEY (npm run cms -- --help for the usage)');
  process.exit(2);
}
const token = process.env.EDITOR_TOKEN;
if (!token) {
  console.error('cms: EDITOR_TOKEN must be set (npm start prints it)');
  process.exit(2);
}
const base = `http://${process.env.API_HOST || '127.0.0.1'}:${env.API_PORT ?? 8787}`;

const body: Record<string, unknown> = {};
for (const lang of ['th', 'en']) {
  const title = values[`title-${lang}` as 'title-th' | 'title-en'] ?? values.title;
  const text = values[`body-${lang}` as 'body-th' | 'body-en'] ?? values.body;
  if (title !== undefined || text !== undefined)
    body[lang] = { ...(title !== undefined ? { title } : {}), ...(text !== undefined ? { body: text } : {}) };
}
if (values.category !== undefined)
  body.category = /^\d+$/.test(values.category) ? Number(values.category) : values.category;
if (values.publish) body.published = true;
if (values.unpublish) body.published = false;

const res = await fetch(`${base}/api/editor/${encodeURIComponent(type)}/${encodeURIComponent(key)}`, {
  method: command === 'delete' ? 'DELETE' : 'POST',
  headers: {
    authorization: `Bearer ${token}`,
    ...(command === 'delete' ? {} : { 'content-type': 'application/json' }),
  },
  body: command === 'delete' ? undefined : JSON.stringify(body),
}).catch((err: Error) => {
  console.error(`cms: the API at ${base} did not answer (${(err.cause as Error | undefined)?.message ?? err.message})`);
  process.exit(1);
});
const text = await res.text();
console.log(res.status, text);
process.exit(res.ok ? 0 : 1);
