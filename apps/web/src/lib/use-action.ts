import { useState } from 'react';

/**
 * A server call started by a button: `sending` while it runs, then the message of its failure
 * (cleared when it is tried again). What follows a success (a message, a new page) goes in `action`.
 */
export function useAction() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>) {
    setError(null);
    setSending(true);
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  }
  return { sending, error, run };
}
