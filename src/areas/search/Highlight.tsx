/** Text with the query's matches in <mark> (Thai matched inside unspaced words, see lib/thai-search). */
import { useMemo } from 'react';
import { highlightMatches } from '../../lib/thai-search';

export function Highlight({ text, query }: { text: string; query: string }) {
  const pieces = useMemo(() => highlightMatches(text, query), [text, query]);
  return <>{pieces.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}
