import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { TextInput } from './fields/native-fields';
import { PlainIcon } from './plain-icon';
import { FieldItem } from './section-form/field-item';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'name' | 'id' | 'className' | 'size' | 'prefix' | 'type'
> & { type?: 'text' | 'email' | 'tel' };

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Applied to every keystroke (CPF, CEP, phone, money masks from packages/domain). */
  mask?: (value: string) => string;
  password?: boolean;
  help?: string;
  input?: InputAttributes;
}

/**
 * One labelled text field bound to react-hook-form, drawn as antd's Form.Item with a large Input
 * (or Input.Password) but made of native elements (FieldItem, TextInput): no antd form or input
 * code on the page. The label is tied to the input; the error is announced (role="alert") and,
 * like the help, describes the input (aria-describedby).
 */
export function TextField<T extends FieldValues>({ control, name, label, mask, password, help, input }: Props<T>) {
  const { field, id, helpId, error } = useBoundField(control, name);
  const helpText = error ?? help;
  const bound = {
    type: 'text',
    ...input,
    id,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (e: { target: { value: string } }) => field.onChange(mask ? mask(e.target.value) : e.target.value),
    onBlur: field.onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': helpText ? helpId : undefined,
  };
  return (
    <FieldItem
      label={label}
      htmlFor={id}
      error={error ? <HelpText id={helpId} text={error} alert /> : undefined}
      help={help ? <HelpText id={helpId} text={help} /> : undefined}
    >
      {password ? (
        <PasswordInput {...bound} inputRef={field.ref} invalid={Boolean(error)} />
      ) : (
        <TextInput {...bound} ref={field.ref} size="large" invalid={Boolean(error)} />
      )}
    </FieldItem>
  );
}

/**
 * One field bound to react-hook-form: the input's id (`campo-` and the path), its error message,
 * and the id of the text under it (the error or the help) that describes it.
 */
export function useBoundField<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = `campo-${String(name).replace(/\./g, '-')}`;
  return { field, id, helpId: `${id}-ajuda`, error: fieldState.error?.message };
}

/** The text under a field; an error is announced (role="alert"). */
export function HelpText({ id, text, alert }: { id: string; text: string; alert?: boolean }) {
  return (
    <span id={id} role={alert ? 'alert' : undefined}>
      {text}
    </span>
  );
}

/**
 * A password box drawn as antd's large `<Input.Password>`: the eye on the right shows or hides
 * what was typed (a button for the keyboard too; a click keeps the caret in the box, as antd's).
 */
function PasswordInput({
  inputRef,
  invalid,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'size' | 'prefix'> & {
  inputRef: (el: HTMLInputElement | null) => void;
  invalid: boolean;
}) {
  const [shown, setShown] = useState(false);
  const toggle = () => setShown((s) => !s);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    toggle();
  };
  return (
    <TextInput
      {...input}
      ref={inputRef}
      type={shown ? 'text' : 'password'}
      size="large"
      invalid={invalid}
      password
      suffix={
        <span
          role="button"
          tabIndex={0}
          aria-disabled={false}
          className="ant-input-password-icon"
          aria-pressed={shown}
          aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'}
          onMouseDown={(e) => e.preventDefault()}
          onClick={toggle}
          onKeyDown={onKeyDown}
        >
          <PlainIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
        </span>
      }
    />
  );
}
