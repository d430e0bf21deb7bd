import { Alert, Button } from 'antd';

/** Data that did not load: the error's message and a way to ask again. */
export function LoadError({ error, retry }: { error: Error; retry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={error.message}
      action={<Button onClick={() => void retry()}>Tentar de novo</Button>}
    />
  );
}
