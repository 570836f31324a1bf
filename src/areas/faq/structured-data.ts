/** The FAQ page as a schema.org FAQPage (JSON-LD for search engines, src/ui/json-ld.ts). */
import type { FAQPage, WithContext } from 'schema-dts';
import { stripHtml } from '../../lib/sanitize';
import type { PageFacts } from '../../ui/json-ld';

export function faqPage(
  faqs: readonly { question: string; answerHtml: string }[],
  page: PageFacts,
): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: page.url,
    inLanguage: page.inLanguage,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: stripHtml(faq.answerHtml) },
    })),
  };
}
