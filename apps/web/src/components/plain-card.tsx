import type { ReactNode } from 'react';

/**
 * A card drawn as antd's Card draws it (bordered, an optional title row, an optional row of
 * actions), without antd's component (which brings its tabs, menu and dropdown code along): the
 * classes pick antd's own rules from the build-time stylesheet; `portal` is the theme's
 * CSS-variable root, which carries the card's tokens.
 */
export function PlainCard({
  className,
  title,
  actions,
  children,
}: {
  className?: string;
  title?: ReactNode;
  actions?: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className={`ant-card ant-card-bordered${className ? ` ${className}` : ''} portal`}>
      {title ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            <div className="ant-card-head-title">{title}</div>
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
