/**
 * The browser family and major version of a User-Agent header, for grouping errors ("Chrome 140").
 * Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome Headless'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

export function browserFromUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Outro';
}
