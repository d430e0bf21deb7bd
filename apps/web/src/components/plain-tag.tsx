import type { ReactNode } from 'react';

/** The colours our tags use: antd's preset colours and its "default" (grey). */
export type TagColor = 'default' | 'green' | 'gold' | 'orange' | 'red' | 'blue' | 'geekblue';

/**
 * A tag drawn as antd's Tag draws it (filled variant, a preset colour), without antd's component:
 * the classes pick antd's own rules from the build-time stylesheet (apps/web/build/antd-static-css.ts);
 * `portal` is the theme's CSS-variable root, which carries the tag's tokens.
 */
export function PlainTag({
  color = 'default',
  className,
  children,
}: {
  color?: TagColor;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`ant-tag ant-tag-filled ant-tag-${color}${className ? ` ${className}` : ''} portal`}>
      {children}
    </span>
  );
}
