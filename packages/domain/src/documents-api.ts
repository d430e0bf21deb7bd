import { z } from 'zod';
import { dataOf } from './api-envelope';
import { documentsListSchema } from './documents-views';

/** One line of a proposal's document history, for the back office (who, when, what). */
export const documentEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  item: z.string(),
  itemTitle: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  action: z.enum(['uploaded', 'deleted', 'accepted', 'rejected']),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
});
export type DocumentEvent = z.infer<typeof documentEventSchema>;

export const documentsListResponseSchema = dataOf(documentsListSchema);
export const documentEventsResponseSchema = dataOf(z.array(documentEventSchema));
