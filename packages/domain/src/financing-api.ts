import { dataOf } from './api-envelope';
import { financingSettingsSchema } from './financing-settings';
import { financingViewSchema } from './financing-view';

/** A proposal's values, installments and ceilings (GET /proposals/:id/financing). */
export const financingViewResponseSchema = dataOf(financingViewSchema);
/** The SFH ceilings and LTV limits in force and to come (GET /backoffice/settings/financing). */
export const financingSettingsResponseSchema = dataOf(financingSettingsSchema);
