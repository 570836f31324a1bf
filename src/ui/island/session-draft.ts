/**
 * What a visitor has typed into a form, kept in sessionStorage under `key` until it is sent, so
 * a failed send followed by a reload (or a closed and restored tab) loses nothing. Storage that
 * is missing, blocked or full is ignored: the form still works, only without the copy.
 */
const storage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

/** The kept text fields under `key`, or null (nothing kept, or not a flat object of strings). */
export function readDraft(key: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
    return entries.length ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

/** Keeps `fields` under `key`; nothing typed (every field blank) removes the copy. */
export function writeDraft(key: string, fields: Record<string, string>): void {
  try {
    if (Object.values(fields).some((v) => v.trim() !== '')) storage()?.setItem(key, JSON.stringify(fields));
    else storage()?.removeItem(key);
  } catch {
    // storage full or blocked: the text stays in the form
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing kept
  }
}
