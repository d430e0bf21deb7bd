import { CloseCircleFilled } from '@ant-design/icons';

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
