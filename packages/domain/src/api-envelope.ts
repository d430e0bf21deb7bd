import { z } from 'zod';

/**
 * The envelope of the API's JSON answers: the payload under `data` (errors are `{ error }`, see
 * api-error.ts). Every route's response schema is built here or in a `*-api.ts` file next to it,
 * so the web app infers the types of what it reads from the same schemas the server answers with.
 */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A change that has nothing to return. */
export const okResponseSchema = dataOf(z.object({ ok: z.literal(true) }));
/** A Portuguese sentence for the person who asked (password recovery, privacy requests). */
export const messageResponseSchema = dataOf(z.object({ message: z.string() }));
/** 204 and 304 answers have no body. */
export const noContentSchema = z.null();
/** Keyset pages: the cursor of the next page, null on the last one. */
export const nextPageSchema = z.object({ next: z.string().nullable() });
/** A paged list: the rows and where the next page starts. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), page: nextPageSchema });
