/**
 * One question: a native <details>, so it opens and closes without any script. Its id
 * `faq-{id}` is what search results link to (/faq/#faq-{id}). FaqGroups.astro renders it
 * statically, the FAQ filter island (filter.tsx) for its live results: one markup.
 */
interface Props {
  faq: { id: string; question: string };
  /**
   * The answer: editor HTML already sanitised at build time (static page), or plain text (the
   * island: the sanitiser is build-time only, so live results never insert API HTML).
   */
  answer: { html: string } | { text: string };
  /** 'live-' for the island's copy, so its ids never clash with the static list's. */
  idPrefix?: string;
}

export function FaqItem({ faq, answer, idPrefix = '' }: Props) {
  return (
    <details
      id={`${idPrefix}faq-${faq.id}`}
      className="faq-item rounded border border-solid border-border/60 bg-surface"
    >
      <summary className="cursor-pointer p-4 font-bold leading-snug">{faq.question}</summary>
      <div className="px-4 pb-4">
        {'html' in answer ? (
          <div className="cms-content" dangerouslySetInnerHTML={{ __html: answer.html }} />
        ) : (
          <p className="m-0 whitespace-pre-line">{answer.text}</p>
        )}
      </div>
    </details>
  );
}
