import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nextSortOrder, PlainTable, type PlainColumn } from './plain-table';

type Row = { id: string; name: string; n: number };
const COLUMNS: PlainColumn<Row>[] = [
  { key: 'name', title: 'Nome', render: (r) => r.name, sortOrder: 'descend' },
  { key: 'n', title: 'Total', render: (r) => r.n, align: 'right', sortOrder: null },
  { key: 'plain', title: 'Sem ordem', render: () => '—' },
];
const table = (props: Partial<Parameters<typeof PlainTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(
    <PlainTable<Row>
      caption="Pessoas"
      columns={COLUMNS}
      rows={[{ id: '1', name: 'Ana', n: 3 }]}
      rowKey={(r) => r.id}
      loading={false}
      empty="Ninguém."
      size="small"
      {...props}
    />,
  );

describe('PlainTable', () => {
  it('sorts as antd does: ascending, descending, then not at all', () => {
    expect([nextSortOrder(null), nextSortOrder('ascend'), nextSortOrder('descend')]).toEqual([
      'ascend',
      'descend',
      null,
    ]);
  });

  it('has a caption, column headers with scope, and sortable headers as buttons with aria-sort', () => {
    const html = table();
    expect(html).toContain('<caption class="visually-hidden">Pessoas</caption>');
    expect(html.match(/<th [^>]*scope="col"/g)).toHaveLength(3);
    expect(html).toMatch(
      /<th class="ant-table-cell ant-table-column-sort ant-table-column-has-sorters" scope="col" aria-sort="descending"><button type="button"/,
    );
    expect(html).toMatch(
      /aria-sort="none" style="text-align:right"><button type="button" class="plain-table__sort" title="Clique organiza por ascendente"/,
    );
    expect(html).toMatch(/<th class="ant-table-cell" scope="col">Sem ordem<\/th>/);
    expect(html).toContain('<td class="ant-table-cell ant-table-column-sort">Ana</td>');
  });

  it('shows the empty text once loaded, nothing but the spinner while the first page loads', () => {
    expect(table({ rows: [] })).toContain(
      '<tr class="ant-table-placeholder"><td class="ant-table-cell" colSpan="3">Ninguém.</td>',
    );
    const loading = table({ rows: undefined, loading: true });
    expect(loading).not.toContain('Ninguém.');
    expect(loading).toContain('ant-spin-spinning');
    expect(table()).not.toContain('ant-spin-spinning');
    expect(table({ rows: [], scrollX: 900 })).toContain('<div class="ant-table-expanded-row-fixed"');
  });

  it('labels each cell with its column on card tables', () => {
    expect(table({ cards: true })).toContain('<td class="ant-table-cell" data-label="Sem ordem">');
    expect(table()).not.toContain('data-label');
  });
});
