import type { CSSProperties, ReactNode } from 'react';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { PlainIcon } from './plain-icon';
import { cx } from './class-names';

export type StepsStatus = 'wait' | 'process' | 'finish' | 'error';

export interface PlainStepItem {
  title: ReactNode;
  /** Text under the title (antd's `content`); nothing is drawn when undefined. */
  content?: ReactNode;
}

/** antd's offset variable, on the root as antd sets it (no offset). */
const ROOT_STYLE = { '--ant-cmp-steps-items-offset': '0' } as CSSProperties;

/**
 * The steps of a path drawn as antd's `<Steps orientation="vertical" size="small">` draws them
 * (same classes, so the build-time stylesheet gives them antd's look; `portal` is the theme's
 * CSS-variable root), without antd's component, its steps library or its tooltip. The steps before
 * `current` are finished (a check), the step at `current` has `status` ("finish": a check,
 * "error": a cross, otherwise its number), the later ones wait (their number); the line under a
 * step takes the state of the step after it. Not clickable, as antd's without `onChange`. The icons
 * are hidden from screen readers (antd names them "check" and "close"), as PlainIcon hides icons.
 */
export function PlainSteps({
  current,
  status = 'process',
  items,
  className,
}: {
  current: number;
  status?: StepsStatus;
  items: PlainStepItem[];
  className?: string;
}) {
  const statuses = items.map((_, i): StepsStatus => (i === current ? status : i < current ? 'finish' : 'wait'));
  return (
    <div
      className={cx(
        'ant-steps ant-steps-vertical ant-steps-title-horizontal ant-steps-filled ant-steps-small',
        className,
        'portal',
      )}
      style={ROOT_STYLE}
    >
      {items.map((item, i) => {
        const state = statuses[i];
        return (
          <div
            key={i}
            className={cx('ant-steps-item', `ant-steps-item-${state}`, i === current && 'ant-steps-item-active')}
          >
            <div className="ant-steps-item-wrapper">
              <div className="ant-steps-item-icon ant-wave-target">
                {state === 'finish' ? (
                  <PlainIcon icon={CheckOutlined} className="ant-steps-item-icon-finish" />
                ) : state === 'error' ? (
                  <PlainIcon icon={CloseOutlined} className="ant-steps-item-icon-error" />
                ) : (
                  <span className="ant-steps-item-icon-number">{i + 1}</span>
                )}
              </div>
              <div className="ant-steps-item-section">
                <div className="ant-steps-item-header">
                  <div className="ant-steps-item-title">{item.title}</div>
                  {i < items.length - 1 ? (
                    <div className={`ant-steps-item-rail ant-steps-item-rail-${statuses[i + 1]}`} />
                  ) : null}
                </div>
                {item.content !== undefined && item.content !== null ? (
                  <div className="ant-steps-item-content">{item.content}</div>
                ) : null}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
