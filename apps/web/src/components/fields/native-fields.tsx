import { useState, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../class-names';

/*
 * The select, the text input and the text area the section forms, the back office and the review share: native elements
 * carrying the class names antd's Select and Input render, drawn by antd's build-time stylesheet
 * (apps/web/build/antd-static-css.ts) with none of antd's component code on the page. One module,
 * so the routes that share it load one small chunk; the select's overlay rules are in the global
 * styles/forms.css, so no stylesheet of their own is fetched.
 */

/**
 * The class antd's ConfigProvider gives every component it draws (the theme's css-var key,
 * app/theme.ts): antd's stylesheet (apps/web/build/antd-static-css.ts) scopes its variables to it.
 */
export const CSS_VAR_ROOT = 'portal';

/** The classes of an antd component's root element: `ant-<name>` rules plus its css-var scope. */
export const antdRoot = (name: string) => `${CSS_VAR_ROOT} ant-${name}-css-var`;

export interface SelectOption {
  value: string;
  label: string;
}

/** The arrow antd's Select draws (its DownOutlined icon), inline so no icon library is loaded. */
function DownArrow() {
  return (
    <span role="img" aria-hidden="true" className="anticon anticon-down">
      <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
      </svg>
    </span>
  );
}

export interface NativeSelectProps {
  value: string | undefined;
  /** The chosen option's value; undefined when the empty first option (`allowClear`) is chosen. */
  onChange: (value: string | undefined) => void;
  options: SelectOption[];
  /**
   * Shown in the box while nothing is chosen, and as the list's empty first option: one that only
   * prompts (it cannot be chosen back), or with `allowClear` one that clears the choice.
   */
  placeholder?: string;
  allowClear?: boolean;
  /** antd's `size="large"` (the section forms) or its default size (the back office). */
  size?: 'large' | 'middle';
  /** Inside an antd form item (antd's `ant-select-in-form-item`). */
  inFormItem?: boolean;
  /** The chosen label also as the box's title (antd's Select shows it on hover). */
  titleOnValue?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A choice among a few fixed options as a native `<select>`, drawn closed as antd's Select (same
 * box, value, placeholder and arrow, styled by antd's build-time stylesheet): the select itself lies
 * transparent over the box, so the browser's own list opens on it and typing a letter jumps to an
 * option, with no antd select, virtual list or popup code loaded. The drawing is hidden from
 * assistive technology: the select, with its label, announces the value itself.
 */
export function NativeSelect({
  value,
  onChange,
  options,
  placeholder,
  allowClear,
  size = 'middle',
  inFormItem,
  titleOnValue,
  invalid,
  disabled,
  onBlur,
  ref,
  ...attrs
}: NativeSelectProps) {
  const [focused, setFocused] = useState(false);
  const chosen = options.find((o) => o.value === value);
  return (
    <div
      className={cx(
        'ant-select',
        size === 'large' && 'ant-select-lg',
        'ant-select-outlined',
        inFormItem && 'ant-select-in-form-item',
        invalid && 'ant-select-status-error',
        antdRoot('select'),
        'ant-select-single ant-select-show-arrow',
        disabled && 'ant-select-disabled',
        focused && 'ant-select-focused',
        'native-select',
      )}
    >
      {chosen ? (
        <div
          className="ant-select-content ant-select-content-has-value"
          title={titleOnValue ? chosen.label : undefined}
          aria-hidden="true"
        >
          {chosen.label}
        </div>
      ) : (
        <div className="ant-select-content" aria-hidden="true">
          <div className="ant-select-placeholder">{placeholder}</div>
        </div>
      )}
      <div className="ant-select-suffix" aria-hidden="true">
        <DownArrow />
      </div>
      <select
        {...attrs}
        ref={ref}
        className="native-select__control"
        value={chosen ? chosen.value : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || undefined)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          onBlur?.();
        }}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={!allowClear}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'className' | 'size'> & {
  ref?: Ref<HTMLInputElement>;
  /** antd's `size="large"` (the section forms) or its default size (the back office). */
  size?: 'large' | 'middle';
  /** Text before and after the value inside the box ("R$", "%", a password's eye): antd's affix wrapper. */
  prefix?: string;
  suffix?: ReactNode;
  invalid?: boolean;
  /** Drawn as antd's `Input.Password` (the caller gives the type and the eye as the suffix). */
  password?: boolean;
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
  password,
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
        password && 'ant-input-password',
        password && large && 'ant-input-password-large',
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

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & {
  ref?: Ref<HTMLTextAreaElement>;
  invalid?: boolean;
};

/**
 * A native text area drawn as antd's outlined `<Input.TextArea>` without a count or a clear button
 * (a bare textarea, no wrapper; `maxLength` is the browser's own), in the invalid and disabled
 * states. While the mouse is down on it (dragging its corner), antd's `ant-input-mouse-active`
 * lets its height follow the drag without the transition.
 */
export function TextArea({ invalid, disabled, ref, onMouseDown, ...textarea }: TextAreaProps) {
  const [mouseDown, setMouseDown] = useState(false);
  return (
    <textarea
      {...textarea}
      ref={ref}
      disabled={disabled}
      onMouseDown={(e) => {
        setMouseDown(true);
        const up = () => {
          setMouseDown(false);
          document.removeEventListener('mouseup', up);
        };
        document.addEventListener('mouseup', up);
        onMouseDown?.(e);
      }}
      className={cx(
        'ant-input',
        mouseDown && 'ant-input-mouse-active',
        'ant-input-outlined',
        invalid && 'ant-input-status-error',
        antdRoot('input'),
        disabled && 'ant-input-disabled',
      )}
    />
  );
}
