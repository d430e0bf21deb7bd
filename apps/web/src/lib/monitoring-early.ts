/**
 * What monitoring needs from the first moment, kept apart from the monitoring code and its schemas
 * (loaded after the first screen is drawn): index.html's title, and the errors that happen before
 * the settings arrive (a few).
 */
const MAX_EARLY_ERRORS = 10;

/** index.html's title, read before any screen sets its own. */
export const UNTITLED = typeof document === 'undefined' ? '' : document.title;

let decided = false;
let early: unknown[] = [];

/** Keeps an error for the agent, while nobody has decided yet whether there is one. */
export function holdEarly(error: unknown): void {
  if (!decided && early.length < MAX_EARLY_ERRORS) early.push(error);
}

/** Monitoring decided (on or off): hands over what waited, and keeps nothing more. */
export function takeEarly(): unknown[] {
  decided = true;
  const waiting = early;
  early = [];
  return waiting;
}
