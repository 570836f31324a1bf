/**
 * Compares the Thai and English translation trees of one namespace and lists every
 * problem a reader would notice: a key in one language only, an empty text, Thai text
 * without Thai letters (an untranslated English string), or placeholders that differ.
 */
type Tree = { [key: string]: unknown };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.-]+)[^}]*\}\}/g;
const THAI = /[\u0E00-\u0E7F]/;
const LATIN = /[A-Za-z]/;

/** Flattens to dotted keys. Plural forms collapse to their base key: Thai has only `_other`. */
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value as Tree, path, out);
    else out.set(path.replace(PLURAL_SUFFIX, ''), typeof value === 'string' ? value : String(value));
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();
}

export function parityProblems(ns: string, th: Tree, en: Tree): string[] {
  const problems: string[] = [];
  const thKeys = flatten(th);
  const enKeys = flatten(en);
  for (const key of enKeys.keys()) if (!thKeys.has(key)) problems.push(`${ns}:${key} exists in en only`);
  for (const key of thKeys.keys()) if (!enKeys.has(key)) problems.push(`${ns}:${key} exists in th only`);
  for (const [lang, keys] of [
    ['th', thKeys],
    ['en', enKeys],
  ] as const) {
    for (const [key, value] of keys) if (value.trim() === '') problems.push(`${ns}:${key} is empty in ${lang}`);
  }
  for (const [key, enValue] of enKeys) {
    const thValue = thKeys.get(key);
    if (thValue === undefined) continue;
    const enText = enValue.replace(PLACEHOLDER, '');
    const thText = thValue.replace(PLACEHOLDER, '');
    if (LATIN.test(enText) && !THAI.test(thText)) problems.push(`${ns}:${key} has no Thai text in th: "${thValue}"`);
    if (placeholders(enValue).join() !== placeholders(thValue).join()) {
      problems.push(`${ns}:${key} placeholders differ: th {${placeholders(thValue)}} en {${placeholders(enValue)}}`);
    }
  }
  return problems;
}
