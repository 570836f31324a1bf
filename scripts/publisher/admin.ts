/**
 * `/admin/` on the publisher's port, or on its admin port when PUBLISHER_ADMIN_PORT is set (never
 * on the public site): a small HTML page for operators, behind PUBLISHER_ADMIN_TOKEN (a bearer
 * token, or the login form that sets an HttpOnly, SameSite=Strict cookie). It lists the last publishes (./stages/history.ts), shows why one
 * failed, and rolls back to any kept release (a POST form carrying a CSRF token derived from the
 * admin token; cross-site posts are refused by the cookie's SameSite and the Origin check).
 * 401 without a token, 403 with a wrong one. No script on the page.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Publisher } from './publisher.ts';
import type { HistoryEntry } from './stages/history.ts';

const COOKIE = 'portal_admin';
const TITLE = 'Publisher administration';
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:72rem;color:#111}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top}
.failure{color:#8a0000;font-weight:600}button,input{font:inherit;padding:.3rem .7rem}:focus-visible{outline:3px solid #1a56db;outline-offset:2px}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
      if (text.length > 4096) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

function cookieOf(req: IncomingMessage): string | null {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return decodeURIComponent(v.join('='));
  }
  return null;
}

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

const loginForm = (message: string) =>
  page(
    TITLE,
    `<p>${esc(message)}</p><form method="post" action="/admin/login"><p><label for="token">Admin token (PUBLISHER_ADMIN_TOKEN)</label><br>
<input id="token" name="token" type="password" autocomplete="current-password" required></p><p><button type="submit">Sign in</button></p></form>`,
  );

function entryRow(e: HistoryEntry): string {
  const stages = Object.entries(e.stages)
    .map(([name, s]) => `${esc(name)} ${esc(s.durationMs)} ms (${esc(s.at.slice(11, 23))})`)
    .join('<br>');
  const what = [...e.actions.slice(0, 5), e.actions.length > 5 ? `… ${e.actions.length - 5} more` : '']
    .filter(Boolean)
    .map(esc)
    .join('<br>');
  const outcome =
    e.outcome === 'failure'
      ? `<span class="failure">failed</span><details><summary>Why</summary><p>${esc(e.error)}</p></details>`
      : esc(e.outcome);
  return `<tr><td>${esc(e.startedAt.replace('T', ' ').slice(0, 19))}</td><td>${esc(e.kind)}</td><td>${outcome}</td><td>${esc(e.release ?? '—')}</td>
<td>${what || '—'}</td><td>${esc(e.pages.rendered)} rendered, ${esc(e.pages.reused)} reused, ${esc(e.pages.removed)} removed${e.purge ? `<br>purge: ${esc(e.purge.tags)} tags, ${esc(e.purge.paths)} paths${e.purge.error ? ` (failed: ${esc(e.purge.error)})` : ''}` : ''}</td><td>${stages || '—'}</td></tr>`;
}

/** POST /admin/login: the token from the form, set as the cookie when it is right. */
async function login(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  const given = (await readForm(req)).get('token') ?? '';
  if (!same(given, token)) return html(res, 403, loginForm('That token is not the admin token.'));
  res.writeHead(303, {
    location: '/admin/',
    'set-cookie': `${COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/admin`,
    'cache-control': 'no-store',
  });
  res.end();
}

/** Whether the request carries the admin token (bearer or cookie); answers 401/403 when not. */
function authorised(req: IncomingMessage, res: ServerResponse, token: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
  const given = bearer ?? cookieOf(req);
  if (given === null) {
    html(res, 401, loginForm('Sign in to see the publishes and roll back.'), { 'www-authenticate': 'Bearer' });
    return false;
  }
  if (!same(given, token)) {
    html(res, 403, loginForm('That token is not the admin token.'));
    return false;
  }
  return true;
}

/** POST /admin/rollback: the form's release made live, when the form came from this page. */
async function rollback(req: IncomingMessage, res: ServerResponse, publisher: Publisher, csrf: string): Promise<void> {
  const origin = req.headers.origin;
  const form = await readForm(req);
  if ((origin && origin !== `http://${req.headers.host}`) || !same(form.get('csrf') ?? '', csrf))
    return html(res, 403, page(TITLE, '<p>Refused: the form did not come from this page.</p>'));
  let message: string;
  try {
    const info = await publisher.rollback(form.get('release') || undefined);
    message = `Release ${info.id} is live again.`;
  } catch (error) {
    message = `The rollback failed: ${(error as Error).message}`;
  }
  html(res, 200, page(TITLE, `<p role="status">${esc(message)}</p><p><a href="/admin/">Back to the publishes</a></p>`));
}

/** GET /admin/: the live release, the kept ones (each with its rollback form) and the last publishes. */
async function overview(res: ServerResponse, publisher: Publisher, csrf: string): Promise<void> {
  const [releases, live] = await Promise.all([publisher.store.list(), publisher.store.live()]);
  const history = publisher.history?.list(1, 30).items ?? [];
  const rows = history.map(entryRow).join('');
  const kept = releases
    .map(
      (r) =>
        `<li>${esc(r.id)} (${esc(r.publishedAt)})${
          r.id === live?.id
            ? ' <strong>live</strong>'
            : ` <form method="post" action="/admin/rollback" style="display:inline"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="release" value="${esc(r.id)}"><button type="submit">Make ${esc(r.id)} live</button></form>`
        }</li>`,
    )
    .join('');
  html(
    res,
    200,
    page(
      TITLE,
      `<p>Live release: <strong>${esc(live?.id ?? 'none')}</strong>. ${publisher.queue.running ? 'A publish is running.' : 'Idle.'} Dirty records: ${esc(publisher.queue.dirty.length)}.</p>
<h2>Kept releases</h2><ul>${kept}</ul>
<h2>Last publishes</h2><table><caption>Newest first (JSON: /status/history)</caption><thead><tr><th scope="col">Started (UTC)</th><th scope="col">Kind</th><th scope="col">Outcome</th><th scope="col">Release</th><th scope="col">Webhook actions</th><th scope="col">Pages and purge</th><th scope="col">Stages (start)</th></tr></thead><tbody>${rows || '<tr><td colspan="7">None yet.</td></tr>'}</tbody></table>`,
    ),
  );
}

/** Handles `/admin/…`; false for any other path. */
export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  o: { publisher: Publisher; token: string | undefined },
): Promise<boolean> {
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return false;
  const token = o.token;
  if (!token) html(res, 404, page(TITLE, '<p>Not enabled: set PUBLISHER_ADMIN_TOKEN.</p>'));
  else if (req.method === 'POST' && url.pathname === '/admin/login') await login(req, res, token);
  else if (!authorised(req, res, token)) return true;
  else {
    const csrf = createHmac('sha256', token).update('admin-csrf').digest('hex');
    if (req.method === 'POST' && url.pathname === '/admin/rollback') await rollback(req, res, o.publisher, csrf);
    else if (req.method !== 'GET' || (url.pathname !== '/admin/' && url.pathname !== '/admin'))
      html(res, 404, page('Not found', '<p><a href="/admin/">Publisher administration</a></p>'));
    else await overview(res, o.publisher, csrf);
  }
  return true;
}
