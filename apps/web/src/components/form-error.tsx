import type { ReactNode } from 'react';
import { PlainAlert } from './plain-alert';

/** Why the last submit or action failed, announced at once (nothing while there is no error). */
export function FormError({ message, action }: { message: string | null | undefined; action?: ReactNode }) {
  return (
    <div aria-live="assertive">
      {message ? <PlainAlert type="error" title={message} className="form-alert" action={action} /> : null}
    </div>
  );
}
