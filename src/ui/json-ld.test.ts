import { describe, expect, it } from 'vitest';
import { breadcrumbList, jsonLdText, pageFacts } from './json-ld';

describe('jsonLdText', () => {
  it('keeps a hostile title inside the data block: no </script>, no <!--, the same value when parsed', () => {
    const headline = '</script><script>alert(1)</script><!-- & \u2028 ข่าว';
    const text = jsonLdText({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline });
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(text).headline).toBe(headline);
  });
});

describe('breadcrumbList', () => {
  it('numbers the steps from 1 and leaves out the address of a step without one', () => {
    const list = breadcrumbList([
      { name: 'หน้าแรก', url: 'https://x.test/' },
      { name: 'Group' },
      { name: 'Here', url: 'https://x.test/a/' },
    ]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'หน้าแรก', item: 'https://x.test/' },
      { '@type': 'ListItem', position: 2, name: 'Group' },
      { '@type': 'ListItem', position: 3, name: 'Here', item: 'https://x.test/a/' },
    ]);
  });
});

describe('pageFacts', () => {
  it("names the page's absolute address, its language and the agency's home page in that language", () => {
    const facts = pageFacts('https://portal.test', '/en/article/a/', 'en', 'Agency');
    expect(facts.url).toBe('https://portal.test/en/article/a/');
    expect(facts.inLanguage).toBe('en');
    expect(facts.agency).toMatchObject({
      '@type': 'GovernmentOrganization',
      name: 'Agency',
      url: 'https://portal.test/en/',
    });
  });
});
