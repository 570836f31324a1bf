/**
 * Highlighting search matches in Thai and English text, for the search island's <mark>s.
 *
 * Thai is written without spaces between words, so "the query is one of the words" cannot be
 * found by splitting on spaces: "การค้า" must be found inside "กรมส่งเสริมการค้าระหว่างประเทศ".
 * The rules:
 *   - the query is split into terms on whitespace; each term is found as a substring of the
 *     text (so a Thai term matches inside unspaced Thai), case-insensitively for Latin;
 *   - the text is cut into words with Intl.Segmenter('th', word) and the result follows those
 *     word boundaries, except where a match starts or ends inside a word;
 *   - a match boundary never splits a grapheme cluster: a Thai vowel or tone mark always stays
 *     with its consonant (a <mark> between them would render a dotted circle).
 * Pure and DOM-free: returns the text in order as `{ text, match }` pieces whose texts
 * concatenate back to the input exactly; adjacent pieces with the same flag are merged.
 */

export interface HighlightSegment {
  text: string;
  match: boolean;
}

const MAX_TERMS = 10; // a pasted paragraph as a query must not turn into thousands of scans

const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter('th', { granularity: 'grapheme' });

/**
 * Lower-cases code point by code point, keeping every code point's length, so an index into
 * the folded string is the same index in the original ('İ' lower-cases to two code units and
 * is left alone; such letters still match themselves).
 */
export function foldCase(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

/** Distinct, non-empty query terms, longest first (so a longer term wins where two overlap). */
export function queryTerms(query: string): string[] {
  const terms = foldCase(query.normalize('NFC'))
    .split(/\s+/u)
    .filter((t) => t.length > 0);
  return [...new Set(terms)].sort((a, b) => b.length - a.length).slice(0, MAX_TERMS);
}

function boundaries(segmenter: Intl.Segmenter, text: string): Set<number> {
  const set = new Set<number>([text.length]);
  for (const { index } of segmenter.segment(text)) set.add(index);
  return set;
}

/** Character ranges [start, end) of every occurrence of every term, merged and grapheme-snapped. */
export function matchRanges(text: string, query: string): Array<[number, number]> {
  const terms = queryTerms(query);
  if (terms.length === 0 || text.length === 0) return [];
  const haystack = foldCase(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
    }
  }
  if (ranges.length === 0) return [];

  const graphemes = [...boundaries(graphemeSegmenter, text)].sort((a, b) => a - b);
  const snapStart = (i: number) => graphemes.filter((b) => b <= i).pop() ?? 0;
  const snapEnd = (i: number) => graphemes.find((b) => b >= i) ?? text.length;

  const snapped = ranges.map(([s, e]) => [snapStart(s), snapEnd(e)] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [snapped[0]!];
  for (const [s, e] of snapped.slice(1)) {
    const last = merged[merged.length - 1]!;
    if (s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** The text cut into matched and unmatched pieces; see the module comment for the rules. */
export function highlightMatches(text: string, query: string): HighlightSegment[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const ranges = matchRanges(text, typeof query === 'string' ? query : '');
  if (ranges.length === 0) return [{ text, match: false }];

  // Cut at every word boundary and every match boundary, flag each piece, merge equal neighbours.
  const cuts = boundaries(wordSegmenter, text);
  for (const [s, e] of ranges) {
    cuts.add(s);
    cuts.add(e);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const isMatched = (i: number) => ranges.some(([s, e]) => i >= s && i < e);

  const out: HighlightSegment[] = [];
  for (let k = 0; k < points.length - 1; k++) {
    const piece = text.slice(points[k], points[k + 1]);
    if (piece === '') continue;
    const match = isMatched(points[k]!);
    const last = out[out.length - 1];
    if (last && last.match === match) last.text += piece;
    else out.push({ text: piece, match });
  }
  return out;
}
