import { createElement as h, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ThemeConfig } from 'antd';
import { dropBuildTimeScopes } from './static-css-scopes';

/**
 * antd's CSS for our theme, computed once at build time (docs/decisions/030-main-thread.md): every
 * antd component the app draws — and those they draw inside them (a table's pagination, spin,
 * filter dropdown, tree and checkbox; a select's list; the message, notification and confirm
 * panels), and those whose class names our own markup borrows (the back office's plain tables
 * and native selects, components/plain-table.tsx and plain-fields.tsx: Table, Spin, Empty, Select,
 * Input) — is rendered once under the app's ConfigProvider and theme, and the styles antd would
 * have computed and injected at run time are read from the style cache. The app then runs antd
 * with `zeroRuntime`: no style hashing, serialising or injecting on the phone. Our own markup draws
 * with the classes of more components — the section forms' native fields (Form, Input, Select,
 * Switch, Radio: components/section-form/native-controls.tsx), the first screens' cards, tags,
 * alerts, progress bars and empty states, the seller's stages (Steps), and the error screens' heading and
 * message (Typography) (components/plain-*.tsx): those stay rendered here even
 * where no screen imports the component (scripts/antd-static-css.test.ts checks both).
 */
export function antdStaticCss(theme: ThemeConfig): string {
  return dropBuildTimeScopes(
    extractStyle(stylesheetRender(theme), { plain: true, types: ['style', 'token', 'cssVar'] }),
  );
}

const stylesheetRenders = new WeakMap<ThemeConfig, ReturnType<typeof createCache>>();

/**
 * The render the stylesheet is read from (`zeroRuntime` off), made once per theme: the stylesheet
 * and the run-time cache below both read it (reading does not change it).
 */
function stylesheetRender(theme: ThemeConfig): ReturnType<typeof createCache> {
  let cache = stylesheetRenders.get(theme);
  if (!cache) stylesheetRenders.set(theme, (cache = renderInto(theme, false)));
  return cache;
}

/** Every component below rendered once under the app's ConfigProvider and theme, into a new style cache. */
export function renderInto(
  theme: ThemeConfig,
  zeroRuntime: boolean,
  cache = createCache(),
): ReturnType<typeof createCache> {
  renderToString(
    h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: { ...theme, zeroRuntime } }, ...allComponents())),
  );
  return cache;
}

/** A style-cache entry: its key (the parts joined by `%`) and its value. */
export type StyleCacheEntry = [key: string, value: unknown[]];

/**
 * Where an entry's value holds the CSS text it adds to the page: a theme token's is
 * [token with variables, hash class, token, css, key], a component's [token, css, style id, key];
 * -1 for any other entry.
 */
export function cssIndexOf(key: string): number {
  return key.startsWith('token%') ? 3 : key.startsWith('cssVar%') ? 1 : -1;
}

/**
 * An entry of a scope or a variables' key named after a React id of the build-time render (a
 * modal's, a message's own theme; see static-css-scopes.ts): the app never makes it.
 */
export function ofBuildTimeScope([key, value]: StyleCacheEntry): boolean {
  return key.includes('_R_') || String(value.at(-1)).includes('_R_');
}

/**
 * What the app's style cache holds once its components have drawn, computed here instead of on the
 * phone (docs/decisions/065-antd-token-at-build-time.md). Even with `zeroRuntime`, antd computes its
 * theme token when the first component draws (the colour palettes of every seed colour, then every
 * token turned into a CSS variable) and, for each kind of component, that component's token, and adds
 * each result to the page as a `<style>` element of CSS variables. The stylesheet above already holds
 * those variables. So the run-time render's entries are taken here, the theme token's and each
 * component's, with the CSS text each would have added emptied when the stylesheet has it (an entry
 * whose key the stylesheet's render did not make keeps its text, and adds it as before). The app
 * starts its cache with these (app/app.tsx): a component finds its entry, computes nothing and adds
 * no `<style>`; a key the build did not make is computed on the phone as before.
 */
export function antdRuntimeCache(theme: ThemeConfig): StyleCacheEntry[] {
  const inStylesheet = stylesheetRender(theme);
  const runtime = renderInto(theme, true) as unknown as { cache: Map<string, [number, unknown[]]> };
  const entries: StyleCacheEntry[] = [];
  for (const [key, [, value]] of runtime.cache) {
    const cssAt = cssIndexOf(key);
    if (cssAt < 0 || ofBuildTimeScope([key, value])) continue;
    const held = inStylesheet.opGet(key) !== null;
    const kept = value.map((v, i) => (i === cssAt && held ? '' : v));
    // A component's entry starts with its token as CSS variables, which only the style rules antd
    // builds at run time read; with `zeroRuntime` nothing does (cssinjs-utils' genCSSVarRegister).
    if (cssAt === 1) kept[0] = {};
    entries.push([key, kept]);
  }
  return entries;
}

const {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Steps,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  message,
  notification,
} = antd;

const el = (type: unknown, props: Record<string, unknown> = {}, ...children: ReactNode[]) =>
  h(type as ComponentType, props, ...children);

/** Each component in the states the app uses (and the states that add style rules of their own). */
function allComponents(): ReactNode[] {
  const statuses = ['success', 'info', 'warning', 'error'] as const;
  return [
    el(App, {}, 'app'),
    ...statuses.map((type) => el(Alert, { type, showIcon: true, title: type, description: 'd', closable: true })),
    el(Alert, { banner: true, title: 'banner' }),
    ...(['primary', 'default', 'dashed', 'link', 'text'] as const).map((type) =>
      el(Button, { type, size: 'large', block: true, danger: type === 'default', loading: type === 'dashed' }, type),
    ),
    el(Button, { icon: 'x', shape: 'circle', size: 'small', disabled: true }),
    el(Space.Compact, {}, el(Button, {}, 'a'), el(Input, {})),
    el(Skeleton, { active: true, avatar: true, paragraph: { rows: 2 } }),
    el(Skeleton.Button, { active: true }),
    el(Skeleton.Input, { active: true }),
    el(Skeleton.Node, { active: true }),
    el(Tag, { color: 'success', closable: true }, 'tag'),
    el(Tag, { color: '#0a1f44', bordered: false }, 'tag'),
    el(Card, { title: 't', extra: 'e', actions: ['a'], loading: false, size: 'small' }, 'card'),
    el(Card, { loading: true }, 'card'),
    el(Card.Grid, {}, 'grid'),
    el(Card.Meta, { title: 'm', description: 'd' }),
    el(
      Form,
      { layout: 'vertical', requiredMark: true },
      el(
        Form.Item,
        { label: 'l', required: true, tooltip: 't', help: 'h', validateStatus: 'error', hasFeedback: true, extra: 'x' },
        el(Input, {}),
      ),
      el(Form.Item, { label: 'l', validateStatus: 'warning' }, el(Select, {})),
      el(Form.Item, { label: 'l', validateStatus: 'success', hasFeedback: true }, el(InputNumber, {})),
    ),
    el(Form, { layout: 'horizontal' }, el(Form.Item, { label: 'l', colon: true }, el(Input, {}))),
    el(Form, { layout: 'inline' }, el(Form.Item, { label: 'l' }, el(Input, {}))),
    el(Input, { allowClear: true, prefix: 'p', suffix: 's', status: 'error', showCount: true, maxLength: 9 }),
    el(Input, { addonBefore: 'a', addonAfter: 'b', variant: 'filled', disabled: true }),
    el(Input.Password, {}),
    el(Input.TextArea, { showCount: true, maxLength: 9, allowClear: true }),
    el(Input.Search, { enterButton: true, loading: true }),
    el(InputNumber, { prefix: 'R$', addonAfter: 'a', status: 'error' }),
    el(Progress, { percent: 40, status: 'active' }),
    el(Progress, { percent: 100, type: 'circle' }),
    el(Progress, { percent: 50, type: 'dashboard', size: 'small' }),
    el(Progress, { percent: 50, steps: 5 }),
    el(Select, { allowClear: true, showSearch: true, status: 'error', options: [{ value: 1, label: '1' }] }),
    el(Select, { mode: 'multiple', value: [1], options: [{ value: 1, label: '1' }], maxTagCount: 'responsive' }),
    el(Select, { loading: true, disabled: true, variant: 'borderless' }),
    el(Select._InternalPanelDoNotUseOrYouWillBeFired, { options: [{ value: 1, label: '1' }], open: true }),
    el(AutoComplete, { options: [{ value: 'a' }] }),
    el(AutoComplete._InternalPanelDoNotUseOrYouWillBeFired, { options: [{ value: 'a' }] }),
    el(Table, {
      rowKey: 'k',
      dataSource: [{ k: 1, a: 'a', children: [{ k: 2, a: 'b' }] }],
      columns: [
        { title: 'A', dataIndex: 'a', sorter: true, sortOrder: 'ascend', ellipsis: true, fixed: 'left' },
        { title: 'B', dataIndex: 'b', align: 'right' },
      ],
      pagination: false,
      bordered: true,
      size: 'small',
      scroll: { x: 600 },
      summary: () => 'sum',
      loading: true,
      sticky: true,
    }),
    el(Table, { dataSource: [], columns: [{ title: 'A', dataIndex: 'a' }] }),
    // Page numbers under a table, as the document history draws them (components/table-pages.tsx).
    el(Table, {
      rowKey: 'k',
      dataSource: Array.from({ length: 11 }, (_, k) => ({ k, a: 'a' })),
      columns: [{ title: 'A', dataIndex: 'a' }],
      pagination: { pageSize: 10, size: 'small', current: 2 },
      size: 'small',
    }),
    el(Pagination, { total: 50, current: 2, size: 'small' }),
    el(Spin, { tip: 't', size: 'large' }, 'x'),
    el(Typography.Title, { level: 1 }, 't'),
    el(Typography.Text, { type: 'secondary', strong: true, code: true, copyable: true, ellipsis: true }, 't'),
    el(Typography.Paragraph, { ellipsis: { rows: 2, expandable: true }, editable: true }, 'p'),
    el(Typography.Link, { href: '#' }, 'l'),
    el(Checkbox, { indeterminate: true }, 'c'),
    el(Checkbox.Group, { options: ['a', 'b'], value: ['a'] }),
    ...(['success', 'error', 'info', 'warning', '404', '403', '500'] as const).map((status) =>
      el(Result, { status, title: 't', subTitle: 's', extra: 'e' }),
    ),
    el(
      Row,
      { gutter: [16, 16], justify: 'space-between', align: 'middle', wrap: true },
      el(Col, { xs: 24, sm: 12, md: 8, lg: 6, xl: 4, xxl: 2, flex: 'auto', offset: 1, order: 1, push: 1, pull: 1 }),
    ),
    el(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
    el(Empty, {}),
    el(Switch, { checked: true, loading: true, size: 'small', checkedChildren: 'a' }),
    el(Radio, { checked: true }, 'r'),
    el(Radio.Group, { optionType: 'button', buttonStyle: 'solid', options: ['a', 'b'], value: 'a' }),
    el(Tooltip._InternalPanelDoNotUseOrYouWillBeFired, { title: 't' }),
    el(Tooltip, { title: 't' }, el('span', {}, 'x')),
    el(Popover._InternalPanelDoNotUseOrYouWillBeFired, { title: 't', content: 'c' }),
    el(Popconfirm._InternalPanelDoNotUseOrYouWillBeFired, { title: 't', description: 'd' }),
    el(Steps, { current: 1, items: [{ title: 'a' }, { title: 'b', status: 'error' }, { title: 'c' }], size: 'small' }),
    el(Steps, { current: 1, direction: 'vertical', progressDot: true, items: [{ title: 'a' }, { title: 'b' }] }),
    el(Modal._InternalPanelDoNotUseOrYouWillBeFired, { title: 't', footer: null }, 'm'),
    // An open dialog drawn in place, as the app's confirmations draw (the panels above carry scopes of their own).
    el(Modal, { open: true, getContainer: false, title: 't' }, 'm'),
    ...(['confirm', 'info', 'success', 'error', 'warning'] as const).map((type) =>
      el(Modal._InternalPanelDoNotUseOrYouWillBeFired, { type, title: 't', content: 'c' }),
    ),
    el(Collapse, { items: [{ key: 1, label: 'l', children: 'c' }], defaultActiveKey: [1], ghost: true }),
    el(Collapse, { items: [{ key: 1, label: 'l', children: 'c' }], bordered: false, size: 'small' }),
    el(Divider, { titlePlacement: 'start' }, 'd'),
    el(Space, { direction: 'vertical', size: 'large', wrap: true }, 'a', 'b'),
    ...statuses.map((type) => el(message._InternalPanelDoNotUseOrYouWillBeFired, { type, content: 'm' })),
    ...statuses.map((type) =>
      el(notification._InternalPanelDoNotUseOrYouWillBeFired, { type, title: 'n', description: 'd' }),
    ),
  ];
}
