/** Joins the class names that apply: `cx('ant-btn', primary && 'ant-btn-primary')`. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
