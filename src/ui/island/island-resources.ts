/**
 * Server side only (call it in an .astro frontmatter): the translations an island needs, as a
 * prop. `resourcesFor` gives whole namespaces; this keeps only the listed top-level groups of
 * a namespace (or all of it with `true`), so a small island does not carry the site's every
 * text in its page's HTML. The error boundary's texts (common errors.*, status.*) always come along.
 *
 *   islandResources(lang, { common: ['popup'] })
 *   islandResources(lang, { common: ['pagination'], search: true })
 */
import { resourcesFor, type Lang, type LangResources, type Namespace, type TranslationTree } from '../../i18n';

const ALWAYS: Partial<Record<Namespace, string[]>> = { common: ['errors', 'status'] };

export function islandResources(lang: Lang, wanted: Partial<Record<Namespace, true | string[]>>): LangResources {
  const namespaces = [...new Set([...Object.keys(wanted), ...Object.keys(ALWAYS)])] as Namespace[];
  const all = resourcesFor(lang, namespaces);
  const out: LangResources = {};
  for (const ns of namespaces) {
    const tree = all[ns] ?? {};
    const keys = wanted[ns];
    if (keys === true) {
      out[ns] = tree;
      continue;
    }
    const picked: TranslationTree = {};
    for (const key of [...(keys ?? []), ...(ALWAYS[ns] ?? [])]) if (key in tree) picked[key] = tree[key]!;
    out[ns] = picked;
  }
  return out;
}
