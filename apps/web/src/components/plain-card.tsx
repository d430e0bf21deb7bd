import type { ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A card drawn as antd's Card draws it (bordered, an optional title row with an optional extra on
 * its right, an optional row of actions), without antd's component (which brings its tabs, menu and
 * dropdown code along): the classes pick antd's own rules from the build-time stylesheet; `portal`
 * is the theme's CSS-variable root, which carries the card's tokens.
 */
export function PlainCard({
  className,
  title,
  extra,
  actions,
  children,
}: {
  className?: string;
  title?: ReactNode;
  /** Drawn at the right of the title row, as antd's `extra`. */
  extra?: ReactNode;
  actions?: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className={cx('ant-card ant-card-bordered', className, 'portal')}>
      {title || extra ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title ? <div className="ant-card-head-title">{title}</div> : null}
            {extra ? <div className="ant-card-extra">{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className="ant-card-body">{children}</div>
      {actions?.length ? (
        <ul className="ant-card-actions">
          {actions.map((action, i) => (
            <li key={i} style={{ width: `${100 / actions.length}%` }}>
              <span>{action}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
