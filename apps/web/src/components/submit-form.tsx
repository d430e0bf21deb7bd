import type { BaseSyntheticEvent, ReactNode } from 'react';
import { Form, type FormProps } from 'antd';

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

export { FormError } from './form-error';
