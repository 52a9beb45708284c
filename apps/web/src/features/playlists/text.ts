/**
 * The video service sends titles HTML-escaped (`&#39;`, `&amp;`); this reads them as text.
 * DOMParser builds an inert document: nothing in it runs or loads.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html');
  return parsed.body.textContent ?? text;
}
