import { useState } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { PRODUCT_SUGGESTIONS, type NewProposalInput } from '@portal/domain/backoffice';
import { cx } from '../../components/class-names';
import { HelpText, useBoundField } from '../../components/form-field';
import { FieldItem } from '../../components/section-form/field-item';
import { NativeSelect } from '../../components/fields/native-fields';

/*
 * The new-proposal form's fields as native elements drawn with antd's class names (the section
 * forms' FieldItem, TextInput and NativeSelect), bound to react-hook-form: no antd Form, Input,
 * Select or AutoComplete code on the page.
 */

type FieldName = FieldPath<NewProposalInput>;
type FieldProps = { control: Control<NewProposalInput>; name: FieldName; label: string };
export type Options = { value: string; label: string }[];

/**
 * A labelled select: the browser's own list (a phone's picker), where typing a letter jumps to an
 * option (the longest list, the 27 UFs, needs no search box).
 */
export function SelectField({ control, name, label, options }: FieldProps & { options: Options }) {
  const { field, id, helpId, error } = useBoundField(control, name);
  const invalid = error ? true : undefined;
  return (
    <FieldItem label={label} htmlFor={id} error={error ? <HelpText id={helpId} text={error} alert /> : undefined}>
      <NativeSelect
        id={id}
        size="large"
        inFormItem
        titleOnValue
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        options={options}
        placeholder="Selecione"
        invalid={invalid}
        aria-invalid={invalid}
        onChange={(v) => field.onChange(v)}
        onBlur={field.onBlur}
      />
    </FieldItem>
  );
}

/**
 * The product: one of the suggestions for the proposal's type, or typed freely. A native input
 * with a `<datalist>` (the browser lists the suggestions that match what is typed, by keyboard and
 * to screen readers as a combobox), drawn as antd's AutoComplete draws its closed box.
 */
export function ProductField({
  control,
  type,
}: {
  control: Control<NewProposalInput>;
  type: NewProposalInput['type'];
}) {
  const { field, id, helpId, error } = useBoundField(control, 'financingOrCgiData.product');
  const invalid = error ? true : undefined;
  const [focused, setFocused] = useState(false);
  const value = (field.value as string | undefined) ?? '';
  const listId = `${id}-sugestoes`;
  const classes = cx(
    'ant-select ant-select-lg ant-select-outlined ant-select-in-form-item',
    invalid && 'ant-select-status-error',
    'ant-select-auto-complete portal ant-select-css-var ant-select-single ant-select-show-search',
    focused && 'ant-select-focused',
  );
  return (
    <FieldItem label="Produto" htmlFor={id} error={error ? <HelpText id={helpId} text={error} alert /> : undefined}>
      <div className={classes}>
        {/* As antd's: the value (under the input, which lies over it) or the placeholder sizes the box. */}
        <div
          className={
            value
              ? 'ant-select-content ant-select-content-has-value ant-select-content-has-search-value'
              : 'ant-select-content'
          }
          title={value || undefined}
        >
          {value || <div className="ant-select-placeholder">Escolha ou digite</div>}
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            type="text"
            className="ant-select-input"
            list={listId}
            autoComplete="off"
            value={value}
            onChange={(e) => field.onChange(e.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              field.onBlur();
            }}
            aria-invalid={invalid}
            aria-describedby={invalid ? helpId : undefined}
          />
        </div>
      </div>
      <datalist id={listId}>
        {PRODUCT_SUGGESTIONS[type].map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {/* The usual products in sight, not only while typing: one tap fills the field. */}
      <div className="bo-product-choices" role="group" aria-label="Produtos usuais">
        {PRODUCT_SUGGESTIONS[type].map((p) => (
          <button
            key={p}
            type="button"
            className={cx('bo-product-choice', value === p && 'is-chosen')}
            aria-pressed={value === p}
            onClick={() => field.onChange(p)}
          >
            {p}
          </button>
        ))}
      </div>
    </FieldItem>
  );
}
