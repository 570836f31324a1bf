/**
 * What a visitor has typed into a form, kept in sessionStorage under `key` until it is sent, so
 * a failed send followed by a reload (or a closed and restored tab) loses nothing. Storage that
 * is missing, blocked or full is ignored: the form still works, only without the copy. Kept
 * small: the web board's thread page is at the edge of its JavaScript budget.
 */

/** The kept fields under `key` (only those that are text), or null. */
export function readDraft(key: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Keeps `fields` under `key`; nothing typed (every field blank) removes the copy. */
export function writeDraft(key: string, fields: Record<string, string>): void {
  try {
    if (Object.values(fields).some((v) => v.trim())) sessionStorage.setItem(key, JSON.stringify(fields));
    else sessionStorage.removeItem(key);
  } catch {
    // storage missing, blocked or full: the text stays in the form
  }
}
