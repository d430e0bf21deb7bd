import { Radio } from 'antd';

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
 * size on every screen, each at least 48 px tall and 88 px wide, so a thumb hits them.
 */
export function ChoiceButtons<T extends string | number | boolean>({
  value,
  onChange,
  options,
  disabled,
  id,
  className,
  ...aria
}: {
  value: T | undefined;
  onChange: (value: T) => void;
  options: Choice<T>[];
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Radio.Group
      {...aria}
      id={id}
      className={`choice-buttons${className ? ` ${className}` : ''}`}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      options={options}
      optionType="button"
      buttonStyle="solid"
      size="large"
      disabled={disabled}
    />
  );
}
