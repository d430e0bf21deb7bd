import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { antdRoot } from '../section-form/field-item';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'className' | 'size'> & {
  ref?: Ref<HTMLInputElement>;
  /** antd's `size="large"` (the section forms) or its default size (the back office). */
  size?: 'large' | 'middle';
  /** Text before and after the value inside the box ("R$", "%"): antd's affix wrapper. */
  prefix?: string;
  suffix?: string;
  invalid?: boolean;
};

/**
 * A native input drawn as antd's outlined `<Input>` (its class names, styled by antd's build-time
 * stylesheet), with or without prefix/suffix, in the invalid and disabled states.
 */
export function TextInput({
  size = 'middle',
  prefix,
  suffix,
  invalid,
  ref,
  onFocus,
  onBlur,
  ...input
}: TextInputProps) {
  const [focused, setFocused] = useState(false);
  const large = size === 'large';
  const status = invalid && 'ant-input-status-error';
  if (prefix === undefined && suffix === undefined)
    return (
      <input
        {...input}
        ref={ref}
        onFocus={onFocus}
        onBlur={onBlur}
        className={cx(
          'ant-input',
          input.disabled && 'ant-input-disabled',
          large && 'ant-input-lg',
          'ant-input-outlined',
          status,
          antdRoot('input'),
        )}
      />
    );
  return (
    <span
      className={cx(
        'ant-input-affix-wrapper',
        input.disabled && 'ant-input-disabled ant-input-affix-wrapper-disabled',
        input.readOnly && 'ant-input-affix-wrapper-readonly',
        large && 'ant-input-affix-wrapper-lg',
        'ant-input-outlined',
        status,
        antdRoot('input'),
        focused && 'ant-input-affix-wrapper-focused',
      )}
    >
      {prefix !== undefined ? <span className="ant-input-prefix">{prefix}</span> : null}
      <input
        {...input}
        ref={ref}
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setFocused(false);
          onBlur?.(e);
        }}
        className={cx('ant-input', input.disabled && 'ant-input-disabled', large && 'ant-input-lg')}
      />
      {suffix !== undefined ? <span className="ant-input-suffix">{suffix}</span> : null}
    </span>
  );
}
