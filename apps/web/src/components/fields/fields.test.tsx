import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NativeSelect, TextInput } from './native-fields';

const options = [
  { value: 'a', label: 'Alfa' },
  { value: 'b', label: 'Beta' },
];
const noop = () => undefined;

describe('NativeSelect', () => {
  it('draws the chosen label as antd does and keeps a native select with an empty first option', () => {
    const html = renderToStaticMarkup(
      <NativeSelect value="b" onChange={noop} options={options} placeholder="Todas" allowClear aria-label="Letra" />,
    );
    expect(html).toContain(
      '<div class="ant-select ant-select-outlined portal ant-select-css-var ant-select-single ant-select-show-arrow native-select">',
    );
    expect(html).toContain(
      '<div class="ant-select-content ant-select-content-has-value" aria-hidden="true">Beta</div>',
    );
    expect(html).toMatch(
      /<select [^>]*aria-label="Letra"[^>]*><option value="">Todas<\/option><option value="a">Alfa<\/option><option value="b" selected="">Beta<\/option><\/select>/,
    );
  });
  it('shows the placeholder when nothing is chosen', () => {
    const html = renderToStaticMarkup(
      <NativeSelect value={undefined} onChange={noop} options={options} placeholder="Todas" />,
    );
    expect(html).toContain('<div class="ant-select-placeholder">Todas</div>');
  });
  it('without allowClear the placeholder only prompts: its option cannot be chosen back', () => {
    const html = renderToStaticMarkup(
      <NativeSelect value="" onChange={noop} options={options} placeholder="Selecione" />,
    );
    expect(html).toContain('<option value="" disabled="" selected="">Selecione</option>');
  });
  it('has no empty option without a placeholder', () => {
    const html = renderToStaticMarkup(<NativeSelect value="a" onChange={noop} options={options} />);
    expect(html).not.toContain('<option value=""');
  });
  it("draws a section form's large, invalid, disabled select with the value as title", () => {
    const html = renderToStaticMarkup(
      <NativeSelect
        id="campo-uf"
        value="a"
        onChange={noop}
        options={options}
        placeholder="Selecione"
        size="large"
        inFormItem
        titleOnValue
        invalid
        disabled
        aria-invalid
        aria-describedby="campo-uf-erro"
      />,
    );
    expect(html).toContain(
      '<div class="ant-select ant-select-lg ant-select-outlined ant-select-in-form-item ant-select-status-error portal ant-select-css-var ant-select-single ant-select-show-arrow ant-select-disabled native-select">',
    );
    expect(html).toContain('title="Alfa"');
    expect(html).toMatch(/<select [^>]*id="campo-uf"/);
    expect(html).toMatch(/<select [^>]*aria-invalid="true"/);
    expect(html).toMatch(/<select [^>]*aria-describedby="campo-uf-erro"/);
    expect(html).toMatch(/<select [^>]*disabled=""/);
  });
});

describe('TextInput', () => {
  it("draws antd's default-size outlined input", () => {
    expect(renderToStaticMarkup(<TextInput type="email" value="" onChange={noop} />)).toBe(
      '<input type="email" class="ant-input ant-input-outlined portal ant-input-css-var" value=""/>',
    );
  });
  it('draws the large, invalid and disabled states', () => {
    const html = renderToStaticMarkup(<TextInput size="large" invalid disabled value="" onChange={noop} />);
    expect(html).toContain(
      'class="ant-input ant-input-disabled ant-input-lg ant-input-outlined ant-input-status-error portal ant-input-css-var"',
    );
  });
  it("wraps prefix and suffix in antd's affix wrapper", () => {
    const html = renderToStaticMarkup(<TextInput size="large" prefix="R$" suffix="%" value="1" onChange={noop} />);
    expect(html).toBe(
      '<span class="ant-input-affix-wrapper ant-input-affix-wrapper-lg ant-input-outlined portal ant-input-css-var">' +
        '<span class="ant-input-prefix">R$</span><input class="ant-input ant-input-lg" value="1"/>' +
        '<span class="ant-input-suffix">%</span></span>',
    );
  });
});
