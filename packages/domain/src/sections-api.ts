import { z } from 'zod';
import { dataOf } from './api-envelope';
import { SECTION_STATUSES } from './sections-registry';

/** One section of a proposal as the parties see it in lists (GET /proposals/:id/sections). */
export const sectionSummarySchema = z.object({
  key: z.string(),
  title: z.string(),
  scope: z.enum(['buyer', 'proposal', 'seller']),
  buyer: z.number().nullable(),
  status: z.enum(SECTION_STATUSES),
  canEdit: z.boolean(),
  draftUpdatedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  /** Why the caller cannot change it now and what comes next (docs/decisions/042-one-lifecycle.md); null when they can. */
  readOnly: z.object({ reason: z.string(), next: z.string() }).nullable(),
});
export type SectionSummary = z.infer<typeof sectionSummarySchema>;

/** The sections a proposal has, each saying whether it counts towards the progress. */
export const sectionListSchema = z.object({
  fillingStatus: z.number(),
  sections: z.array(sectionSummarySchema.extend({ required: z.boolean() })),
});
export type SectionList = z.infer<typeof sectionListSchema>;

/** One section with its values: the draft as typed, the last submitted values, what is prefilled. */
export const sectionViewSchema = sectionSummarySchema.extend({
  draft: z.record(z.string(), z.unknown()).nullable(),
  values: z.record(z.string(), z.unknown()).nullable(),
  prefill: z.record(z.string(), z.unknown()),
  /** Titles of the earlier sections (same buyer) the prefilled values came from. */
  prefillFrom: z.array(z.string()),
});
export type SectionViewData = z.infer<typeof sectionViewSchema>;

/** A submitted section, with the proposal's progress after it. */
export const submittedSectionSchema = sectionViewSchema.extend({ fillingStatus: z.number() });
export type SubmittedSection = z.infer<typeof submittedSectionSchema>;

export const draftSavedSchema = z.object({ draftUpdatedAt: z.string() });

export const sectionListResponseSchema = dataOf(sectionListSchema);
export const sectionViewResponseSchema = dataOf(sectionViewSchema);
export const submittedSectionResponseSchema = dataOf(submittedSectionSchema);
export const draftSavedResponseSchema = dataOf(draftSavedSchema);
