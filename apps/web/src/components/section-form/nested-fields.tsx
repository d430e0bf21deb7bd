import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { emptyValues, type FieldUi } from './widgets';
import { ErrorList } from './field-item';
import type { FormValues, SectionFormState } from './form-state';

interface NestedProps {
  name: string;
  ui: FieldUi;
  form: SectionFormState;
  disabled: boolean;
  values: FormValues;
  renderField: (props: {
    name: string;
    ui: FieldUi;
    form: SectionFormState;
    disabled: boolean;
    values: FormValues;
  }) => React.ReactNode;
}

/**
 * A list field (a z.array of rows, e.g. the FGTS accounts): each row is a fieldset with its own
 * fields and a remove button; an add button appends an empty row. Errors land on each row's field.
 */
export function ListField({ name, ui, form, disabled, values, renderField }: NestedProps) {
  const { keys, append, remove } = form.rows(name);
  // The message on the list itself (e.g. "at least one row").
  const error = form.errors[name];
  const rows = (values[name] as FormValues[] | undefined) ?? [];
  const itemLabel = ui.itemLabel ?? 'Item';
  const min = ui.minRows ?? 0;
  return (
    <div className="list-field" role="group" aria-labelledby={`campo-${name}-titulo`}>
      <p className="list-field__title" id={`campo-${name}-titulo`}>
        {ui.label}
      </p>
      {ui.help ? <p className="list-field__help">{ui.help}</p> : null}
      {keys.map((rowKey, index) => (
        <fieldset key={rowKey} className="list-field__row">
          <legend className="list-field__legend">
            {itemLabel} {index + 1}
          </legend>
          {Object.entries(ui.fields ?? {}).map(([key, fieldUi]) => (
            <div key={key}>
              {renderField({
                name: `${name}.${index}.${key}`,
                ui: fieldUi,
                form,
                disabled,
                values: rows[index] ?? {},
              })}
            </div>
          ))}
          {!disabled && keys.length > min ? (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => remove(index)}
              className="list-field__remove"
              aria-label={`Remover ${itemLabel.toLowerCase()} ${index + 1}`}
            >
              Remover
            </Button>
          ) : null}
        </fieldset>
      ))}
      {error ? (
        <p className="list-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {!disabled ? (
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => append(emptyValues(ui.fields))}
          block
          size="large"
          className="list-field__add"
        >
          {ui.addLabel ?? `Adicionar ${itemLabel.toLowerCase()}`}
        </Button>
      ) : null}
    </div>
  );
}

/** A block of fields stored as one object (a z.object, e.g. the company), under its own heading. */
export function GroupField({ name, ui, form, disabled, values, renderField }: NestedProps) {
  // The message on the block itself.
  const error = form.errors[name];
  const block = (values[name] as FormValues | undefined) ?? {};
  return (
    <fieldset className="group-field">
      <legend className="group-field__legend">{ui.label}</legend>
      {ui.help ? <p className="list-field__help">{ui.help}</p> : null}
      {Object.entries(ui.fields ?? {}).map(([key, fieldUi]) => (
        <div key={key}>{renderField({ name: `${name}.${key}`, ui: fieldUi, form, disabled, values: block })}</div>
      ))}
      {error && typeof error === 'string' ? <ErrorList text={error} connected={false} /> : null}
    </fieldset>
  );
}
