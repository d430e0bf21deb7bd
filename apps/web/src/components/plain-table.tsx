import type { ReactNode } from 'react';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { CARD_TABLE } from './card-table';
import './plain-table.css';
import { cx } from './class-names';

export type SortOrder = 'ascend' | 'descend';

export interface PlainColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  width?: number;
  /** A sortable column: its order now (null while the list is sorted by another column). */
  sortOrder?: SortOrder | null;
  /** Hidden on a screen narrower than 576 px (antd's `responsive: ['sm']`). */
  fromSm?: boolean;
}

export interface PlainTableProps<T> {
  /** What the table lists, read by screen readers (the look has no caption). */
  caption: string;
  columns: PlainColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  empty: ReactNode;
  size: 'small' | 'middle';
  /** The table's width, scrolled sideways inside its box when the screen is narrower. */
  scrollX?: number;
  className?: string;
  /** Each cell carries its column's title: below 600 px every row becomes a card (styles/tables.css). */
  cards?: boolean;
  /** Page numbers under the rows, inside the loading overlay (as antd's table pagination). */
  pages?: ReactNode;
  /** A sortable header was pressed: the next order in antd's cycle (ascending, descending, none). */
  onSort?: (key: string, order: SortOrder | null) => void;
}

/** antd's sorter cycle: an unsorted column sorts ascending, then descending, then not at all. */
export const nextSortOrder = (order: SortOrder | null | undefined): SortOrder | null =>
  order === 'ascend' ? 'descend' : order === 'descend' ? null : 'ascend';
// antd's pt-BR sorter tooltips, as the header button's title.
const HINT: Record<string, string> = {
  none: 'Clique organiza por ascendente',
  ascend: 'Clique organiza por descendente',
  descend: 'Clique para cancelar organização',
};
const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

/**
 * A list as a plain semantic table, drawn by antd's table stylesheet (the class names antd's Table
 * gives the same DOM, styled by the build-time CSS in build/antd-static-css.ts) without antd's
 * table code: a caption, column headers with `scope`, sortable headers as buttons with
 * `aria-sort`, an empty row, and antd's spinner laid over the rows while they load (the table
 * keeps its place).
 */
export function PlainTable<T>(props: PlainTableProps<T>) {
  const { columns, rows, loading, scrollX } = props;
  const cellClass = (c: PlainColumn<T>) =>
    cx('ant-table-cell', c.sortOrder && 'ant-table-column-sort', c.fromSm && 'plain-table__from-sm');
  const align = (c: PlainColumn<T>) => (c.align ? { textAlign: c.align } : undefined);
  const widths = columns.some((c) => c.width);
  // Nothing while the first page loads: the spinner says it (as antd's table).
  const emptyText = loading && !rows ? null : props.empty;
  return (
    <div className={cx('portal ant-table-css-var ant-table-wrapper', props.cards && CARD_TABLE, props.className)}>
      <div className={`ant-spin portal${loading ? ' ant-spin-spinning' : ''}`} aria-busy={loading}>
        {loading ? (
          <div className="ant-spin-section" role="status" aria-label="Carregando">
            <span className="ant-spin-dot-holder">
              <span className="ant-spin-dot ant-spin-dot-spin">
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
              </span>
            </span>
          </div>
        ) : null}
        <div className="ant-spin-container">
          <div
            className={cx(
              'ant-table',
              props.size === 'small' ? 'ant-table-small' : 'ant-table-medium',
              !rows?.length && 'ant-table-empty',
              'portal ant-table-css-var',
              !!scrollX && 'ant-table-scroll-horizontal',
            )}
          >
            <div className="ant-table-container">
              <div
                className="ant-table-content"
                style={scrollX ? { overflowX: 'auto', overflowY: 'hidden' } : undefined}
              >
                <table
                  style={scrollX ? { width: scrollX, minWidth: '100%', tableLayout: 'auto' } : { tableLayout: 'auto' }}
                >
                  <caption className="visually-hidden">{props.caption}</caption>
                  {widths ? (
                    <colgroup>
                      {columns.map((c) => (
                        <col
                          key={c.key}
                          className={c.fromSm ? 'plain-table__from-sm' : undefined}
                          style={{ width: c.width }}
                        />
                      ))}
                    </colgroup>
                  ) : null}
                  <thead className="ant-table-thead">
                    <tr>
                      {columns.map((c) =>
                        c.sortOrder === undefined ? (
                          <th key={c.key} className={cellClass(c)} scope="col" style={align(c)}>
                            {c.title}
                          </th>
                        ) : (
                          <SortHeader key={c.key} column={c} className={cellClass(c)} onSort={props.onSort} />
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody className="ant-table-tbody">
                    {rows?.length ? (
                      rows.map((row) => (
                        <tr key={props.rowKey(row)} className="ant-table-row ant-table-row-level-0">
                          {columns.map((c) => (
                            <td
                              key={c.key}
                              className={cellClass(c)}
                              style={align(c)}
                              data-label={props.cards ? c.title : undefined}
                            >
                              {c.render(row)}
                            </td>
                          ))}
                        </tr>
                      ))
                    ) : (
                      <tr className="ant-table-placeholder">
                        <td className="ant-table-cell" colSpan={columns.length}>
                          {/* A table scrolled sideways holds its empty text in antd's fixed box (its padding). */}
                          {scrollX ? (
                            <div
                              className="ant-table-expanded-row-fixed"
                              style={{ position: 'sticky', left: 0, overflow: 'hidden' }}
                            >
                              {emptyText}
                            </div>
                          ) : (
                            emptyText
                          )}
                        </td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
          {props.pages}
        </div>
      </div>
    </div>
  );
}

function SortHeader<T>(props: { column: PlainColumn<T>; className: string; onSort: PlainTableProps<T>['onSort'] }) {
  const { column } = props;
  const now = column.sortOrder ?? 'none';
  return (
    <th
      className={`${props.className} ant-table-column-has-sorters`}
      scope="col"
      aria-sort={column.sortOrder ? ARIA_SORT[column.sortOrder] : 'none'}
      style={column.align ? { textAlign: column.align } : undefined}
    >
      <button
        type="button"
        className="plain-table__sort"
        title={HINT[now]}
        onClick={() => props.onSort?.(column.key, nextSortOrder(column.sortOrder))}
      >
        <span className="ant-table-column-sorters">
          <span className="ant-table-column-title">{column.title}</span>
          <span className="ant-table-column-sorter ant-table-column-sorter-full">
            <span className="ant-table-column-sorter-inner" aria-hidden="true">
              <CaretUpOutlined
                className={`ant-table-column-sorter-up${column.sortOrder === 'ascend' ? ' active' : ''}`}
              />
              <CaretDownOutlined
                className={`ant-table-column-sorter-down${column.sortOrder === 'descend' ? ' active' : ''}`}
              />
            </span>
          </span>
        </span>
      </button>
    </th>
  );
}
