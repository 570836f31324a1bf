// The web board's word check (POST /master/check-text and every web board write): a text is
// refused when it contains a blocked word as whole words. Text and blocked words are cut into
// words with Intl.Segmenter (Thai has no spaces between words), and a blocked word matches when
// its words appear in a row in the text: "สัส" is refused but "สัสดี" (a district clerk) is not,
// "scam" is refused but "scampi" is not. Case-insensitive.

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** The text's words, lower-cased. */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFC').toLowerCase())) if (s.isWordLike) out.push(s.segment);
  return out;
}

/** The blocked words found in the text, in the list's order. */
export function blockedWordsIn(text: string, blocked: string[]): string[] {
  const words = wordsOf(text);
  return blocked.filter((word) => {
    const needle = wordsOf(word);
    if (needle.length === 0) return false;
    for (let i = 0; i + needle.length <= words.length; i++) {
      let j = 0;
      while (j < needle.length && words[i + j] === needle[j]) j++;
      if (j === needle.length) return true;
    }
    return false;
  });
}
