import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A heading and a paragraph drawn as antd's Typography.Title and Typography.Paragraph draw them
 * (same element and classes, so the build-time stylesheet gives them antd's look; `portal` is the
 * theme's CSS-variable root), without antd's component, which brings its editable and ellipsis
 * modes (Input, Tooltip, the trigger) with it.
 */
export function PlainTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <h1 className={cx('ant-typography', className, 'portal')}>{children}</h1>;
}

export function PlainParagraph({
  className,
  children,
  ...rest
}: { className?: string; children: ReactNode } & Pick<HTMLAttributes<HTMLDivElement>, 'role'>) {
  return (
    <div {...rest} className={cx('ant-typography', className, 'portal')}>
      {children}
    </div>
  );
}
