import { z } from 'zod';
import { dataOf } from './api-envelope';
import { ANSWER_VALUES } from './health-questionnaire';
import { insuranceOverviewSchema } from './insurance';

/** One answer of the health declaration as read back (the buyer, or an operator with the permission). */
export const healthAnswerViewSchema = z.object({
  key: z.string(),
  value: z.enum(ANSWER_VALUES),
  medication: z.enum(ANSWER_VALUES).optional(),
  treatment: z.enum(ANSWER_VALUES).optional(),
});

/** A buyer's health answers (GET /proposals/:id/insurance/answers). */
export const healthAnswersSchema = z.object({
  buyer: z.number(),
  answers: z.array(healthAnswerViewSchema),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type HealthAnswers = z.infer<typeof healthAnswersSchema>;

/** Who read a buyer's health answers, and when. */
export const healthAccessEntrySchema = z.object({
  at: z.string(),
  readerName: z.string(),
  readerRole: z.string(),
  action: z.string(),
});
export type HealthAccessEntry = z.infer<typeof healthAccessEntrySchema>;

export const insuranceOverviewResponseSchema = dataOf(insuranceOverviewSchema);
export const healthAnswersResponseSchema = dataOf(healthAnswersSchema);
export const healthAccessLogResponseSchema = dataOf(z.array(healthAccessEntrySchema));
