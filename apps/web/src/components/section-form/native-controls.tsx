import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { antdRoot, CSS_VAR_ROOT } from '../fields/native-fields';
import { cx } from '../class-names';

/*
 * The section form's own controls as native elements carrying the classes antd's own controls
 * render (Input.TextArea, Switch), so antd's build-time stylesheet draws them exactly as before
 * without antd's component code on the page. Its text inputs and selects are the shared ones in
 * components/fields, drawn at antd's size "large".
 */

/** Joins a forwarded ref (the form's, for focus on the first invalid field) and our own. */
function setRefs<T>(node: T | null, ...refs: (Ref<T> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  }
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
