// Spec 2: "Errors from crawlers are logged without a page." A search engine's robot that meets a
// failing route gets no error page to index (it would list "Page not found" as our content); the
// failure is still logged. Named robots only: a headless browser (tests, previews) is a person's.
const crawlerPattern =
  /googlebot|bingbot|yandexbot|baiduspider|duckduckbot|slurp|applebot|petalbot|semrushbot|ahrefsbot|facebookexternalhit|twitterbot|linkedinbot|crawler|spider/i;

export function isCrawlerAgent(userAgent: string): boolean {
  return crawlerPattern.test(userAgent);
}
