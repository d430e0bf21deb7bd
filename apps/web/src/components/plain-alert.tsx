import type { ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { PlainIcon } from './plain-icon';
import { cx } from './class-names';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

/**
 * A message box drawn as antd's Alert draws it with `showIcon` (same classes, so the build-time
 * stylesheet gives it antd's look; `portal` is the theme's CSS-variable root), without antd's
 * component: role "alert" as antd's, the status icon hidden from screen readers as the app's
 * ConfigProvider hides antd's (app/component-config.tsx), an optional action on the right.
 */
export interface PlainAlertProps {
  type: keyof typeof ICONS;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function PlainAlert({ type, title, description, action, className }: PlainAlertProps) {
  return (
    <div
      data-show="true"
      className={cx(
        'ant-alert',
        `ant-alert-${type}`,
        'ant-alert-outlined',
        !!description && 'ant-alert-with-description',
        className,
        'portal',
      )}
      role="alert"
    >
      <span className="ant-alert-icon">
        <PlainIcon icon={ICONS[type]} />
      </span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
        {description ? <div className="ant-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="ant-alert-actions">{action}</div> : null}
    </div>
  );
}
