import type { CSSProperties } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { PlainIcon } from './plain-icon';
import { cx } from './class-names';

/**
 * A line progress bar drawn as antd's Progress draws it (same classes and inline sizes, so the
 * build-time stylesheet gives it antd's look; `portal` is the theme's CSS-variable root), without
 * antd's component. role "progressbar" with its value, named by `aria-label` or `aria-labelledby`.
 * With `status` "success" (by default at 100 %) it shows antd's check icon in place of the number; "active"
 * adds antd's moving shine; `size` "small" is antd's thinner bar.
 */
export function PlainProgress({
  percent,
  showInfo = true,
  status,
  size,
  strokeColor,
  railColor,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
}: {
  percent: number;
  showInfo?: boolean;
  status?: 'active' | 'success';
  size?: 'small';
  strokeColor?: string;
  railColor?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const value = Math.min(100, Math.max(0, percent));
  const state = status ?? (value >= 100 ? 'success' : 'normal');
  const height = size === 'small' ? 6 : 8;
  // antd's own inline sizes; a stroke colour also sets the variable its rules read.
  const track = (
    strokeColor
      ? { width: `${value}%`, height, '--progress-line-stroke-color': strokeColor, background: strokeColor }
      : { width: `${value}%`, height }
  ) as CSSProperties;
  return (
    <div
      className={cx(
        'ant-progress',
        `ant-progress-status-${state}`,
        'ant-progress-line ant-progress-line-align-end ant-progress-line-position-outer',
        showInfo && 'ant-progress-show-info',
        size === 'small' && 'ant-progress-small',
        'portal',
      )}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
    >
      <div className="ant-progress-body" style={{ width: '100%' }}>
        <div className="ant-progress-rail" style={{ backgroundColor: railColor, height }}>
          <div className="ant-progress-track" style={track} />
        </div>
        {showInfo ? (
          <span
            className="ant-progress-indicator ant-progress-indicator-end ant-progress-indicator-outer"
            title={state === 'success' ? undefined : `${value}%`}
          >
            {state === 'success' ? <PlainIcon icon={CheckCircleFilled} /> : `${value}%`}
          </span>
        ) : null}
      </div>
    </div>
  );
}
