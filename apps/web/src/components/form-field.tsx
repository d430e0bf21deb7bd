import { Form, Input } from 'antd';
import type { InputProps } from 'antd';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Applied to every keystroke (CPF, CEP, phone masks from packages/domain). */
  mask?: (value: string) => string;
  password?: boolean;
  help?: string;
  input?: Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'>;
}

/**
 * One labelled text field bound to react-hook-form: the label is tied to the input, the error
 * is announced (role="alert") and describes the input (aria-describedby).
 */
export function TextField<T extends FieldValues>({ control, name, label, mask, password, help, input }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = `campo-${String(name).replace(/\./g, '-')}`;
  const error = fieldState.error?.message;
  const Control = password ? Input.Password : Input;
  // antd gives the help of a Form.Item without `name` neither an id nor a role: add both here.
  const helpId = `${id}-ajuda`;
  const helpText = error ?? help;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={
        helpText ? (
          <span id={helpId} role={error ? 'alert' : undefined}>
            {helpText}
          </span>
        ) : undefined
      }
      required={false}
    >
      <Control
        {...input}
        id={id}
        ref={field.ref}
        name={field.name}
        value={(field.value as string | undefined) ?? ''}
        onChange={(e) => field.onChange(mask ? mask(e.target.value) : e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={helpText ? helpId : undefined}
        size="large"
      />
    </Form.Item>
  );
}
