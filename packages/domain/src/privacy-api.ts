import { z } from 'zod';
import { dataOf } from './api-envelope';
import { DELETION_STATUSES } from './privacy';

/** The caller's deletion request, if any (GET /privacy/status). */
export const privacyStatusSchema = z.object({
  deletion: z.object({ status: z.enum(DELETION_STATUSES), requestedAt: z.string() }).nullable(),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

/** A deletion request just made, with the sentence shown to its author. */
export const deletionRequestedSchema = z.object({ id: z.string(), message: z.string() });

/** A person's request as the operator lists it (GET /privacy/requests). */
export const privacyRequestSchema = z.object({
  id: z.string(),
  role: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyStatusResponseSchema = dataOf(privacyStatusSchema);
/** Everything the portal holds about the caller, as one JSON document (its shape follows the tables). */
export const privacyExportResponseSchema = dataOf(z.record(z.string(), z.unknown()));
export const deletionRequestedResponseSchema = dataOf(deletionRequestedSchema);
export const privacyRequestsResponseSchema = dataOf(z.array(privacyRequestSchema));
