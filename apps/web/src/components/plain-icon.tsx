import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * An Ant Design icon drawn from its SVG data alone, as antd's own icon component draws it (same
 * classes, 1em square, current colour), for the screens that load without antd.
 */
export function PlainIcon({ icon, spin = false }: { icon: IconDefinition; spin?: boolean }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const { viewBox, 'fill-rule': fillRule } = node.attrs;
  return (
    <span role="img" aria-hidden="true" className={`anticon anticon-${icon.name}`}>
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
