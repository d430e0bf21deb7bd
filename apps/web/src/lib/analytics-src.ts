let loadedSrc: string | null = null;

/** The analytics script's URL once it was added to the page (its errors are not the app's). */
export function analyticsScriptSrc(): string | null {
  return loadedSrc;
}

export function setAnalyticsScriptSrc(src: string): void {
  loadedSrc = src;
}
