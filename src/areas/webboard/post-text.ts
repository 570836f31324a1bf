/**
 * A post's body is plain text (never HTML). For display it is cut into text and link parts:
 * only http(s) addresses become links, trailing punctuation stays text, and anything that is
 * not a valid http(s) URL stays text. React renders every part as text, so `<script>` in a post
 * shows as the characters typed. Line breaks are kept by CSS (white-space: pre-line).
 */
export type PostPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_CANDIDATE = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

export function postParts(body: string): PostPart[] {
  const parts: PostPart[] = [];
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = parts[parts.length - 1];
    if (prev?.kind === 'text') prev.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of body.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const raw = match[0];
    const candidate = raw.replace(TRAILING, '');
    push(body.slice(last, start));
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (href) parts.push({ kind: 'link', text: candidate, href });
    else push(candidate);
    push(raw.slice(candidate.length));
    last = start + raw.length;
  }
  push(body.slice(last));
  return parts;
}
