import type { TdHTMLAttributes } from 'react';
import type { TableColumnsType } from 'antd';

/** The class that turns a table into one card per row below 600 px (styles/tables.css). */
export const CARD_TABLE = 'card-table';

/**
 * The same columns, each cell carrying its column's title, so that on a phone every row becomes a
 * card of "title: value" lines instead of a table cut at the screen's edge.
 */
export function cardColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => ({
    ...column,
    onCell: (record: T, index?: number) =>
      ({
        ...(column.onCell?.(record, index) ?? {}),
        'data-label': typeof column.title === 'string' ? column.title : '',
      }) as TdHTMLAttributes<HTMLElement>,
  }));
}
