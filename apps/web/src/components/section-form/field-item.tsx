import type { FormEvent, ReactNode } from 'react';
import { antdRoot, CSS_VAR_ROOT } from '../fields/native-fields';
import { cx } from '../class-names';

/**
 * A vertical form, drawn as antd's `<Form layout="vertical">` draws it (same element, same classes),
 * submitted by script: no browser validation, no page reload. `onSubmit` is usually
 * react-hook-form's `handleSubmit(...)`: the zod schema validates, not the browser.
 */
export function NativeForm({
  onSubmit,
  className,
  children,
  ...aria
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  return (
    <form
      noValidate
      {...aria}
      className={cx('ant-form ant-form-vertical', className, antdRoot('form'))}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e);
      }}
    >
      {children}
    </form>
  );
}

/**
 * One labelled field, drawn with the markup of antd's Form.Item in a vertical form: the label,
 * the control, and the help or error text under it (the red border and text come from
 * `ant-form-item-has-error`, as with antd).
 */
export function FieldItem({
  label,
  htmlFor,
  error,
  help,
  className,
  children,
}: {
  label?: string;
  htmlFor: string;
  /** The error under the field (a string, or an element carrying its own id and role). */
  error?: ReactNode;
  help?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const text = error ?? help;
  const hasHelp = text !== undefined && text !== null;
  // antd keeps the item's bottom margin for the help text and pulls the next item back up by as
  // much (Form.Item's margin offset), so a help that appears does not push the fields below. antd
  // measures that margin after each render; here the stylesheet gives both sides
  // (styles/forms.css, --field-help-gap): a measure forced the browser to lay out the page once per
  // field, on the main thread, while a form drew.
  return (
    <div
      className={cx(
        'ant-form-item',
        className,
        antdRoot('form'),
        hasHelp && 'ant-form-item-with-help',
        error !== undefined && 'ant-form-item-has-error',
        'ant-form-item-vertical',
      )}
    >
      <div className={cx('ant-row ant-form-item-row', CSS_VAR_ROOT)}>
        {label !== undefined ? (
          <div className={cx('ant-col ant-form-item-label', CSS_VAR_ROOT)}>
            <label htmlFor={htmlFor} className="" title={label}>
              {label}
            </label>
          </div>
        ) : null}
        <div className={cx('ant-col ant-form-item-control', CSS_VAR_ROOT)}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">{children}</div>
          </div>
          {hasHelp ? (
            <div className="ant-form-item-additional">
              <ErrorList text={text} error={error !== undefined} />
            </div>
          ) : null}
        </div>
      </div>
      {hasHelp ? <div className="ant-form-item-margin-offset" /> : null}
    </div>
  );
}

/**
 * The help or error text under a field, as antd's Form.ErrorList draws it (`connected` under a
 * field; a block's own message stands alone).
 */
export function ErrorList({
  text,
  error = true,
  connected = true,
}: {
  text: ReactNode;
  error?: boolean;
  connected?: boolean;
}) {
  return (
    <div className={cx('ant-form-item-explain', antdRoot('form'), connected && 'ant-form-item-explain-connected')}>
      <div className={error ? 'ant-form-item-explain-error' : ''}>{text}</div>
    </div>
  );
}
