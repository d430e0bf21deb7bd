import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Alert, Form, type FormProps } from 'antd';

type SubmitFormProps = Omit<FormProps, 'onSubmitCapture' | 'onFinish' | 'layout' | 'component' | 'children'> & {
  children: ReactNode;
  /** Usually react-hook-form's `handleSubmit(...)`: the zod schema validates, not the browser. */
  onSubmit: (event: BaseSyntheticEvent) => unknown;
};

/** A vertical form submitted by script: no browser validation, no page reload. */
export function SubmitForm({ onSubmit, children, ...props }: SubmitFormProps) {
  return (
    <Form
      layout="vertical"
      component="form"
      noValidate
      {...props}
      onSubmitCapture={(e) => {
        e.preventDefault();
        void onSubmit(e);
      }}
    >
      {children}
    </Form>
  );
}

/** Why the last submit or action failed, announced at once (nothing while there is no error). */
export function FormError({ message, action }: { message: string | null | undefined; action?: ReactNode }) {
  return (
    <div aria-live="assertive">
      {message ? <Alert type="error" showIcon title={message} className="form-alert" action={action} /> : null}
    </div>
  );
}
