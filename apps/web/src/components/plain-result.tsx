import type { ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { PlainIcon } from './plain-icon';
import { cx } from './class-names';

/**
 * A success page drawn as antd's `<Result status="success">` draws it (same classes, so the
 * build-time stylesheet gives it antd's look; `portal` is the theme's CSS-variable root): the
 * check icon (hidden from screen readers, as the app's ConfigProvider hides antd's), the title,
 * the subtitle and the actions under them. `className` goes on the root, as antd's.
 */
export function PlainSuccessResult({
  title,
  subTitle,
  extra,
  className,
}: {
  className?: string;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={cx('ant-result ant-result-success', className, 'portal')}>
      <div className="ant-result-icon">
        <PlainIcon icon={CheckCircleFilled} />
      </div>
      <div className="ant-result-title">{title}</div>
      {subTitle !== undefined ? <div className="ant-result-subtitle">{subTitle}</div> : null}
      {extra !== undefined ? <div className="ant-result-extra">{extra}</div> : null}
    </div>
  );
}
