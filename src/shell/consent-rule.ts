/**
 * The rule that shows the consent notice until this version of it has been answered. The
 * pre-paint script puts the answered version on <html> (`data-consent-answered`); the version
 * comes from the API, so it is quoted as a CSS string. Rendered in <head> (BaseLayout), where
 * its hash reaches the page's Content Security Policy.
 */
const cssString = (value: string) => `"${value.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;

export function consentShowRule(consent: { version: string } | undefined): string {
  return consent
    ? `:root[data-js]:not([data-consent-answered=${cssString(consent.version)}]) .consent:not([hidden]){display:block;}`
    : '';
}
