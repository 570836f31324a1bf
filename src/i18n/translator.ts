/**
 * The islands' translator: i18next's lookup rules over one language's resources, in a few
 * hundred bytes. Pages translate with i18next itself at build time (src/i18n/index.ts); islands
 * use this because i18next + react-i18next add about 18 KB gzipped to every island page, which
 * with React and the shell would put the web board over the 100 KB budget of a page with a
 * React island (scripts/bench/build.ts, budgetOf). src/i18n/translator.test.ts holds it to i18next's output for
 * every key of every namespace in both languages, so the two cannot drift apart silently.
 *
 * What it does, as i18next configured for this project does (escapeValue: false, no fallback
 * language inside an island):
 *   - 'a.b.c' walks nested keys; 'ns:a.b' names another namespace;
 *   - with a numeric `count`, tries `key_zero` (count 0), then `key_<Intl.PluralRules category>`,
 *     then `key` itself;
 *   - replaces `{{name}}` (spaces allowed) with the option of that name; an option that is
 *     missing leaves the placeholder empty;
 *   - a key it cannot find comes back as the key (without its namespace), so a gap is visible.
 * What it does not: nesting ($t), formatters ({{x, format}}), context, returnObjects. The
 * parity test fails if a locale starts using them.
 */
import type { LangResources, TranslationTree } from './resources';

type TranslateOptions = Record<string, unknown> & { count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;

const NS_SEPARATOR = ':';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function lookup(tree: TranslationTree | undefined, key: string): string | undefined {
  let node: TranslationTree | string | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * One plural rule set per language, made when a count first asks for it: building one costs
 * more than a whole lookup, and pages render many components that translate but few counts.
 */
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/** A `t` for one default namespace; `resources` holds one language (from islandResources). */
export function createTranslator(lang: string, resources: LangResources, defaultNs: string): Translate {
  return (fullKey, options = {}) => {
    const sep = fullKey.indexOf(NS_SEPARATOR);
    const ns = sep > 0 ? fullKey.slice(0, sep) : defaultNs;
    const key = sep > 0 ? fullKey.slice(sep + 1) : fullKey;
    const tree = (resources as Record<string, TranslationTree | undefined>)[ns];
    const { count } = options;
    let text: string | undefined;
    if (typeof count === 'number') {
      text =
        (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ??
        lookup(tree, `${key}_${pluralCategory(lang, count)}`);
    }
    text ??= lookup(tree, key);
    if (text === undefined) return key;
    return text.replace(PLACEHOLDER, (_, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  };
}
