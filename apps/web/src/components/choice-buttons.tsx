import { useId } from 'react';
import { CSS_VAR_ROOT } from './fields/native-fields';
import { cx } from './class-names';

export interface Choice<T> {
  value: T;
  label: string;
}

/** The answers of every yes-or-no question of the portal, in this order. */
export const YES_NO_CHOICES: Choice<'yes' | 'no'>[] = [
  { value: 'yes', label: 'Sim' },
  { value: 'no', label: 'Não' },
];

/**
 * The one control for a short choice, "Sim/Não" above all: side-by-side buttons of the same
 * size on every screen, each at least 48 px tall and 88 px wide, so a thumb hits them. Native
 * radio inputs drawn with the classes of antd's `<Radio.Group optionType="button"
 * buttonStyle="solid" size="large">` (antd's stylesheet draws them); the arrow keys move between
 * them as in any radio group.
 */
export function ChoiceButtons<T extends string | number | boolean>({
  value,
  onChange,
  options,
  disabled,
  id,
  className,
  thumbSized = true,
  ...aria
}: {
  value: T | undefined;
  onChange: (value: T) => void;
  options: Choice<T>[];
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Off: antd's large button group as antd sizes it (a desktop-first form), not thumb-sized buttons. */
  thumbSized?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
}) {
  const name = useId();
  const root = `${CSS_VAR_ROOT} ant-radio-css-var`;
  return (
    <div
      {...aria}
      role="radiogroup"
      id={id}
      className={cx(
        'ant-radio-group ant-radio-group-solid ant-radio-group-large',
        thumbSized && 'choice-buttons',
        className,
        root,
      )}
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={String(option.value)}
            className={cx(
              'ant-radio-button-wrapper',
              checked && 'ant-radio-button-wrapper-checked',
              disabled && 'ant-radio-button-wrapper-disabled',
              root,
            )}
          >
            <span
              className={cx(
                'ant-radio-button',
                checked && 'ant-radio-button-checked',
                disabled && 'ant-radio-button-disabled',
              )}
            >
              <input
                className="ant-radio-button-input"
                type="radio"
                name={name}
                value={String(option.value)}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
            </span>
            <span className="ant-radio-button-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
