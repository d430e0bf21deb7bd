/**
 * A value made on its first use, then kept: for what is costly to build (an Intl formatter with a
 * time zone, a zod schema) and would otherwise be built at module load, holding a phone's main
 * thread before any screen that merely imports the module.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
