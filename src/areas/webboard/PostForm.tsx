/**
 * The form a member writes with: a new thread (title and text), a reply, or an edit. Sending
 * runs the word check first (the store's `write`); refused words are named right under the text,
 * in the page's language, and everything typed stays in the fields. Other failures show the
 * server's message (or a plain one) the same way. Nothing is cleared until the post is saved.
 * With a `draftKey` what is typed is also kept in sessionStorage:
 * a failed send followed by a reload gets it back; a saved post clears it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../ui/island/translation';
import { errorMessage } from '../../stores/request';
import type { WriteResult } from './store';

interface PostFormValues {
  title: string;
  body: string;
}

interface Props {
  /** Heading of the form (a visible label for the region). */
  heading: string;
  withTitle?: boolean;
  initial?: Partial<PostFormValues>;
  submitLabel: string;
  send: (values: PostFormValues) => Promise<WriteResult<unknown>>;
  onSent: () => void;
  onCancel?: () => void;
  /** Heading level inside the page (h2 for a page's form, h3 inside a post). */
  level?: 2 | 3 | 4;
  /** sessionStorage key that keeps the unsent text (new threads and replies). */
  draftKey?: string;
}

/**
 * Where unsent text is kept (sessionStorage), or undefined where storage is blocked. Looked up
 * once and kept small: the thread page is at the edge of its JavaScript budget.
 */
let drafts: Storage | undefined;
try {
  drafts = sessionStorage;
} catch {
  // blocked, or no browser (the server render)
}

const MAX_TITLE = 200;
const MAX_BODY = 5000;

export function PostForm({
  heading,
  withTitle = false,
  initial,
  submitLabel,
  send,
  onSent,
  onCancel,
  level = 2,
  draftKey,
}: Props) {
  const { t } = useTranslation('webboard');
  const id = useId();
  // The form renders only in the browser (after the member check), so storage can be read here.
  const [kept] = useState<Partial<PostFormValues> | null>(() => {
    try {
      return draftKey ? JSON.parse(drafts?.getItem(draftKey) || 'null') : null;
    } catch {
      return null;
    }
  });
  const [title, setTitle] = useState(kept?.title ?? initial?.title ?? '');
  const [body, setBody] = useState(kept?.body ?? initial?.body ?? '');
  const [problem, setProblem] = useState<{ field: 'title' | 'body' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const Heading = `h${level}` as const;

  useEffect(() => {
    if (draftKey) drafts?.setItem(draftKey, JSON.stringify({ title, body }));
  }, [draftKey, title, body]);

  useEffect(() => {
    if (problem?.field === 'title') titleRef.current?.focus();
    else if (problem?.field === 'body') bodyRef.current?.focus();
    else if (problem) problemRef.current?.focus();
  }, [problem]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (withTitle && !title.trim()) return setProblem({ field: 'title', text: t('compose.titleRequired') });
    if (!body.trim()) return setProblem({ field: 'body', text: t('compose.bodyRequired') });
    setProblem(null);
    setBusy(true);
    const result = await send({ title: title.trim(), body: body.trim() });
    setBusy(false);
    if (result.status === 'success') {
      if (draftKey) drafts?.removeItem(draftKey);
      return onSent();
    }
    if (result.status === 'blocked') {
      return setProblem({ field: 'form', text: t('checkText.blocked', { words: result.words.join(', ') }) });
    }
    const status = (result.error as { status?: unknown } | null)?.status;
    const fallback =
      status === 409 ? t('compose.conflict') : status === 403 ? t('compose.forbidden') : t('compose.failed');
    setProblem({ field: 'form', text: errorMessage(result.error) ?? fallback });
  }

  const errorId = `${id}-problem`;
  const describe = (field: 'title' | 'body') =>
    problem && (problem.field === field || (problem.field === 'form' && field === 'body')) ? errorId : undefined;
  const invalid = (field: 'title' | 'body') => (describe(field) ? true : undefined);
  const problemText = problem && (
    <p id={errorId} ref={problemRef} tabIndex={-1} role="alert" className="m-0 wb-field-error">
      {problem.text}
    </p>
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-h`} className="flex flex-col gap-2 max-w-3xl">
      <Heading id={`${id}-h`} className="m-0 text-lg">
        {heading}
      </Heading>
      {withTitle && (
        <>
          <label htmlFor={`${id}-title`} className="font-bold">
            {t('compose.titleLabel')}
          </label>
          {problem?.field === 'title' && problemText}
          <input
            ref={titleRef}
            id={`${id}-title`}
            name="title"
            maxLength={MAX_TITLE}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={invalid('title')}
            aria-describedby={describe('title')}
            className="wb-input"
          />
        </>
      )}
      <label htmlFor={`${id}-body`} className="font-bold">
        {t('compose.bodyLabel')}
      </label>
      {problem && problem.field !== 'title' && problemText}
      <textarea
        ref={bodyRef}
        id={`${id}-body`}
        name="body"
        rows={5}
        maxLength={MAX_BODY}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={invalid('body')}
        aria-describedby={describe('body')}
        className="wb-input"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn wb-primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('compose.cancel')}
          </button>
        )}
        {busy && (
          <span role="status" className="text-muted">
            {t('compose.sending')}
          </span>
        )}
      </div>
    </form>
  );
}
