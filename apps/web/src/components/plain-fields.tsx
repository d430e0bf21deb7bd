import { useState, type InputHTMLAttributes } from 'react';
import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import './plain-fields.css';

export interface PlainOption {
  value: string;
  label: string;
}

/**
 * A choice among a few fixed options as a native `<select>`, drawn closed as antd's Select (its
 * class names, styled by the build-time antd stylesheet): the browser's own list opens on it, so
 * no antd select, virtual list or popup code is loaded. With a `placeholder`, an empty first
 * option clears the choice (antd's `allowClear`).
 */
export function NativeSelect(props: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: PlainOption[];
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}) {
  const [focused, setFocused] = useState(false);
  const chosen = props.options.find((o) => o.value === props.value);
  return (
    <div
      className={`ant-select ant-select-outlined portal ant-select-css-var ant-select-single ant-select-show-arrow native-select${focused ? ' ant-select-focused' : ''}`}
    >
      <div className={`ant-select-content${chosen ? ' ant-select-content-has-value' : ''}`} aria-hidden="true">
        {chosen ? chosen.label : <div className="ant-select-placeholder">{props.placeholder}</div>}
      </div>
      <div className="ant-select-suffix" aria-hidden="true">
        <DownOutlined />
      </div>
      <select
        id={props.id}
        className="native-select__control"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value || undefined)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        aria-label={props['aria-label']}
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A native input drawn as antd's Input (its outlined look and focus ring come from antd's stylesheet). */
export function PlainInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className="ant-input ant-input-outlined portal ant-input-css-var" />;
}

/**
 * A search box as antd's `Input.Search` with `allowClear` and an "enter" button, in native
 * elements: the input, a clear button while it holds text, and the form's submit button.
 */
export function SearchBox(props: {
  value: string;
  onChange: (value: string) => void;
  /** The clear button was pressed: the search is now empty. */
  onClear: () => void;
  placeholder: string;
  button: string;
  'aria-label': string;
}) {
  return (
    <div className="ant-space-compact ant-input-search portal ant-input-search-with-button">
      <span className="ant-input-affix-wrapper ant-input-outlined portal ant-input-css-var ant-input-compact-item ant-input-compact-first-item">
        <input
          type="search"
          className="ant-input"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder={props.placeholder}
          aria-label={props['aria-label']}
        />
        <span className="ant-input-suffix">
          <button
            type="button"
            className={`ant-input-clear-icon${props.value ? '' : ' ant-input-clear-icon-hidden'}`}
            aria-label="Limpar a busca"
            onClick={() => {
              props.onChange('');
              props.onClear();
            }}
          >
            <CloseCircleFilled aria-hidden />
          </button>
        </span>
      </span>
      <button
        type="submit"
        className="ant-btn portal ant-btn-default ant-btn-color-primary ant-btn-variant-solid ant-btn-compact-item ant-btn-compact-last-item ant-input-search-btn"
      >
        <span>{props.button}</span>
      </button>
    </div>
  );
}
