import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { cx } from './class-names';

/**
 * An Ant Design icon drawn from its SVG data alone, as antd's own icon component draws it (same
 * classes, 1em square, current colour), for the screens that load without antd. `className` is
 * added after antd's own, as antd adds the class a component gives its icon.
 */
export function PlainIcon({
  icon,
  spin = false,
  className,
}: {
  icon: IconDefinition;
  spin?: boolean;
  className?: string;
}) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const { viewBox, 'fill-rule': fillRule } = node.attrs;
  return (
    <span role="img" aria-hidden="true" className={cx(`anticon anticon-${icon.name}`, className)}>
      <svg
        viewBox={viewBox}
        fillRule={fillRule as 'evenodd' | undefined}
        focusable="false"
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
        className={spin ? 'plain-icon--spin' : undefined}
      >
        {(node.children ?? []).map((child, i) => (
          <path key={i} d={child.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
