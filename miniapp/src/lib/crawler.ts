// Spec §8: crawlers get no error page for unhandled fatal errors.
const CRAWLER = /bot|crawl|spider|slurp|googlebot|bingbot|yandex|baiduspider|duckduckbot|facebookexternalhit|ia_archiver|semrush|ahrefs|mediapartners/i;

export function isCrawler(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return CRAWLER.test(userAgent);
}
