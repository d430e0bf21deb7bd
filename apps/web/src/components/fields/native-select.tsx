import { useState, type Ref } from 'react';
import { antdRoot } from '../section-form/field-item';
import './fields.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

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
