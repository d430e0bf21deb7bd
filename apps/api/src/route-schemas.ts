import { z } from 'zod';
import { apiErrorSchema } from '@portal/domain/api-error';

/** The pieces every route schema shares: ids in the path, the buyer position, the error answers. */

/** An id in the path (a proposal, a file, a request): never longer than 64 characters. */
export const pathId = z.string().max(64);

/** The path of a proposal's routes, /…/:id/…. */
export const proposalParams = z.object({ id: pathId });

/** Which buyer of the proposal (0 the main one, 1 the second). */
export const buyerPosition = z.coerce.number().int().min(0).max(1);

/** ?buyer=0|1 where the route also serves the sections that are not per buyer. */
export const optionalBuyerQuery = z.object({ buyer: buyerPosition.optional() });

/** The error envelope under each of the given status codes, for a route's `response`. */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<Code, typeof apiErrorSchema>;
}

/** The answers of a route that reads or changes a proposal: bad input, no session, not allowed, not found, conflict. */
export const proposalErrors = errorResponses(400, 401, 403, 404, 409);
