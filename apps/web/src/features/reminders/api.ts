import type { ReminderOptOutView } from '@portal/domain/reminders';
import { apiRequest } from '../../lib/api-client';

/** The e-mail's link: stop the reminders (enabled false) or undo it (true). No session needed. */
export function setRemindersByLink(token: string, enabled: boolean) {
  return apiRequest<{ data: ReminderOptOutView }>(enabled ? '/reminders/opt-in' : '/reminders/opt-out', {
    method: 'POST',
    body: { token },
  }).then((r) => r.data);
}
