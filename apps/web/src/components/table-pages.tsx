import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/**
 * Page numbers under a plain table (components/plain-table.tsx) whose rows are paged in the
 * browser, in the DOM and class names of antd's table pagination; nothing when there is one page
 * (antd's `hideOnSinglePage`).
 */
export function TablePages(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  const step = (to: number, title: string, kind: 'prev' | 'next') => {
    const disabled = to < 1 || to > pages;
    return (
      <li title={title} className={`ant-pagination-${kind}${disabled ? ' ant-pagination-disabled' : ''}`}>
        <button
          className="ant-pagination-item-link"
          type="button"
          disabled={disabled}
          aria-label={title}
          onClick={() => onPage(to)}
        >
          {kind === 'prev' ? <LeftOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        </button>
      </li>
    );
  };
  return (
    <nav aria-label="Páginas do histórico">
      <ul className="ant-pagination ant-pagination-small ant-pagination-mini ant-table-pagination ant-table-pagination-end portal">
        {step(page - 1, 'Página anterior', 'prev')}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li
            key={n}
            title={String(n)}
            className={`ant-pagination-item ant-pagination-item-${n}${n === page ? ' ant-pagination-item-active' : ''}`}
          >
            <button type="button" aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)}>
              {n}
            </button>
          </li>
        ))}
        {step(page + 1, 'Próxima página', 'next')}
      </ul>
    </nav>
  );
}

/** antd's "no data" drawing for an empty table (its `Empty` with the simple image), as markup. */
export function NoData() {
  return (
    <div className="portal ant-empty ant-empty-normal">
      <div className="ant-empty-image">
        <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#d9d9d9">
              <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
              <path
                d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
                fill="#fafafa"
              />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description">Não há dados</div>
    </div>
  );
}
