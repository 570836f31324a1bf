/**
 * The pieces the forms of the web board and of the member's account share (their `wb-*`
 * styles are src/shell/MemberPage.astro's, the frame of both): a labelled field that names its
 * problem, a form-wide alert that takes the focus, and the submit button with its progress.
 */
import { useEffect, useRef, type ComponentProps } from 'react';

/** A problem with the whole form, as an alert that takes the focus when it appears. */
export function FormAlert({ message, id }: { message: string | null; id?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="m-0 p-3 rounded border-2 border-solid wb-error font-bold"
    >
      {message}
    </p>
  );
}

type FieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** What is wrong with the value, shown above the field (`{id}-error`). */
  problem?: string;
  /** A note on what the field takes (`{id}-hint`). */
  hint?: string;
};

/** A labelled text field; its hint and its problem are read with it (aria-describedby). */
export function TextField({ id, label, problem, hint, ...input }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="m-0 text-sm text-muted">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="m-0 wb-field-error">
          {problem}
        </p>
      )}
      <input
        id={id}
        {...input}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="wb-input"
      />
    </div>
  );
}

/** The submit button and, while the form is being sent, a status saying so. */
export function SubmitRow({
  label,
  busyLabel,
  busy,
  className,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-3${className ? ` ${className}` : ''}`}>
      <button type="submit" className="btn wb-primary" aria-disabled={busy || undefined}>
        {label}
      </button>
      {busy && (
        <span role="status" className="text-muted">
          {busyLabel}
        </span>
      )}
    </div>
  );
}
