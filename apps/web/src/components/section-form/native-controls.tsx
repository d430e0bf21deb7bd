import { useLayoutEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { antdRoot, CSS_VAR_ROOT } from './field-item';

/*
 * The section form's controls as native elements carrying the classes antd's own controls render
 * (Input, Input.TextArea, Select, Switch, size "large"), so antd's build-time stylesheet draws
 * them exactly as before without antd's component code on the page.
 */

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Joins a forwarded ref (react-hook-form's, for focus on the first invalid field) and our own. */
function setRefs<T>(node: T | null, ...refs: (Ref<T> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  }
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'className'> & {
  ref?: Ref<HTMLInputElement>;
  /** Text before and after the value inside the box ("R$", "%"): antd's affix wrapper. */
  prefix?: string;
  suffix?: string;
  invalid?: boolean;
};

/** antd's `<Input size="large">`, with or without prefix/suffix. */
export function TextInput({ prefix, suffix, invalid, ref, onFocus, onBlur, ...input }: TextInputProps) {
  const [focused, setFocused] = useState(false);
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
          'ant-input-lg ant-input-outlined',
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
        'ant-input-affix-wrapper-lg ant-input-outlined',
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
        className={cx('ant-input', input.disabled && 'ant-input-disabled', 'ant-input-lg')}
      />
      {suffix !== undefined ? <span className="ant-input-suffix">{suffix}</span> : null}
    </span>
  );
}

/**
 * antd's `<Input.TextArea autoSize={{ minRows, maxRows }}>`: grows with its text between the two
 * heights, then scrolls.
 */
export function AutoTextArea({
  ref,
  invalid,
  minRows,
  maxRows,
  ...props
}: Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & {
  ref?: Ref<HTMLTextAreaElement>;
  invalid?: boolean;
  minRows: number;
  maxRows: number;
}) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [size, setSize] = useState<React.CSSProperties>({});
  useLayoutEffect(() => {
    const el = own.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const px = (key: 'paddingTop' | 'paddingBottom' | 'borderTopWidth' | 'borderBottomWidth') =>
      Number.parseFloat(style[key]) || 0;
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    const padding = px('paddingTop') + px('paddingBottom');
    const border = style.boxSizing === 'border-box' ? px('borderTopWidth') + px('borderBottomWidth') : -padding;
    const min = line * minRows + padding + border;
    const max = line * maxRows + padding + border;
    const previous = el.style.height;
    el.style.height = 'auto';
    const content = el.scrollHeight + border;
    el.style.height = previous;
    const height = Math.min(Math.max(content, min), max);
    setSize({
      height,
      minHeight: min,
      maxHeight: max,
      overflowY: content > max ? undefined : 'hidden',
      resize: 'none',
    });
  }, [props.value, minRows, maxRows]);
  return (
    <textarea
      {...props}
      ref={(node) => setRefs(node, own, ref)}
      style={size}
      className={cx(
        'ant-input ant-input-outlined',
        invalid && 'ant-input-status-error',
        antdRoot('input'),
        props.disabled && 'ant-input-disabled',
      )}
    />
  );
}

/** The arrow antd's Select draws (its DownOutlined icon). */
function DownArrow() {
  return (
    <span role="img" aria-hidden="true" className="anticon anticon-down">
      <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
      </svg>
    </span>
  );
}

/**
 * A native `<select>` drawn closed as antd's `<Select size="large">` (same box, value, placeholder
 * and arrow): the select itself lies transparent over the box, so a click or a tap opens the
 * browser's own list (a phone's picker), and typing a letter jumps to an option.
 */
export function NativeSelect({
  id,
  ref,
  value,
  options,
  placeholder,
  invalid,
  disabled,
  onChange,
  onBlur,
  ...aria
}: {
  id: string;
  ref?: Ref<HTMLSelectElement>;
  value: string;
  options: { value: string; label: string }[];
  placeholder: string;
  invalid?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}) {
  const [focused, setFocused] = useState(false);
  const current = options.find((o) => o.value === value);
  return (
    <div
      className={cx(
        'ant-select ant-select-lg ant-select-outlined ant-select-in-form-item',
        invalid && 'ant-select-status-error',
        antdRoot('select'),
        'ant-select-single ant-select-show-arrow',
        disabled && 'ant-select-disabled',
        focused && 'ant-select-focused',
        'native-select',
      )}
    >
      {current ? (
        <div className="ant-select-content ant-select-content-has-value" title={current.label}>
          {current.label}
        </div>
      ) : (
        <div className="ant-select-content">
          <div className="ant-select-placeholder">{placeholder}</div>
        </div>
      )}
      <div className="ant-select-suffix">
        <DownArrow />
      </div>
      <select
        {...aria}
        id={id}
        ref={ref}
        className="native-select__control"
        value={current ? value : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          onBlur?.();
        }}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** antd's `<Switch>`: a button with role="switch" and antd's handle. */
export function SwitchControl({
  ref,
  checked,
  disabled,
  onChange,
  ...aria
}: {
  id: string;
  ref?: Ref<HTMLButtonElement>;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <button
      {...aria}
      ref={ref}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={cx('ant-switch', CSS_VAR_ROOT, checked && 'ant-switch-checked', disabled && 'ant-switch-disabled')}
      onClick={() => onChange(!checked)}
      onKeyDown={(e) => {
        // As antd's switch: the arrows set it off (left) and on (right).
        if (e.key === 'ArrowLeft' && checked) onChange(false);
        if (e.key === 'ArrowRight' && !checked) onChange(true);
      }}
    >
      <div className="ant-switch-handle" />
      <span className="ant-switch-inner">
        <span className="ant-switch-inner-checked" />
        <span className="ant-switch-inner-unchecked" />
      </span>
    </button>
  );
}
