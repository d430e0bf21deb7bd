import { Button } from 'antd';
import { PlainAlert } from './plain-alert';

/** Data that did not load: the error's message and a way to ask again. */
export function LoadError({ error, retry }: { error: Error; retry: () => unknown }) {
  return (
    <PlainAlert
      type="error"
      title={error.message}
      action={<Button onClick={() => void retry()}>Tentar de novo</Button>}
    />
  );
}
