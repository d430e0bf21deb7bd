import type { ReactNode } from 'react';
import { cx } from './class-names';

/** The colours our tags use: antd's preset colours and its "default" (grey). */
export type TagColor = 'default' | 'green' | 'gold' | 'orange' | 'red' | 'blue' | 'geekblue';

/**
 * A tag drawn as antd's Tag draws it (filled variant, a preset colour or none), without antd's
 * component: the classes pick antd's own rules from the build-time stylesheet
 * (apps/web/build/antd-static-css.ts); `portal` is the theme's CSS-variable root, which carries the
 * tag's tokens. As antd's, a tag without a colour has no colour class: antd's plain text colour,
 * not the darker one styles/tags.css gives `ant-tag-default`.
 */
export function PlainTag({
  color,
  className,
  children,
}: {
  color?: TagColor;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={cx('ant-tag ant-tag-filled', color && `ant-tag-${color}`, className, 'portal')}>{children}</span>
  );
}
