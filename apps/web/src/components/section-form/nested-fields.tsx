import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { get, useFieldArray, useFormState, type Control } from 'react-hook-form';
import { emptyValues, type FieldUi } from './widgets';
import { ErrorList } from './field-item';

type FormValues = Record<string, unknown>;
interface NestedProps {
  name: string;
  ui: FieldUi;
  control: Control<FormValues>;
  disabled: boolean;
  values: FormValues;
  renderField: (props: {
    name: string;
    ui: FieldUi;
    control: Control<FormValues>;
    disabled: boolean;
    values: FormValues;
  }) => React.ReactNode;
}

/** The message on the list or block itself (e.g. "at least one row"), wherever the resolver put it. */
function useOwnError(control: Control<FormValues>, name: string): string | undefined {
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.root?.message ?? error?.message;
}

/**
 * A list field (a z.array of rows, e.g. the FGTS accounts): each row is a fieldset with its own
 * fields and a remove button; an add button appends an empty row. Errors land on each row's field.
 */
export function ListField({ name, ui, control, disabled, values, renderField }: NestedProps) {
  // Section values are untyped records: the array's name and rows are known at run time only.
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const error = useOwnError(control, name);
  const rows = (values[name] as FormValues[] | undefined) ?? [];
  const itemLabel = ui.itemLabel ?? 'Item';
  const min = ui.minRows ?? 0;
  return (
    <div className="list-field" role="group" aria-labelledby={`campo-${name}-titulo`}>
      <p className="list-field__title" id={`campo-${name}-titulo`}>
        {ui.label}
      </p>
      {ui.help ? <p className="list-field__help">{ui.help}</p> : null}
      {fields.map((row, index) => (
        <fieldset key={row.id} className="list-field__row">
          <legend className="list-field__legend">
            {itemLabel} {index + 1}
          </legend>
          {Object.entries(ui.fields ?? {}).map(([key, fieldUi]) => (
            <div key={key}>
              {renderField({
                name: `${name}.${index}.${key}`,
                ui: fieldUi,
                control,
                disabled,
                values: rows[index] ?? {},
              })}
            </div>
          ))}
          {!disabled && fields.length > min ? (
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
          onClick={() => append(emptyValues(ui.fields) as never)}
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
export function GroupField({ name, ui, control, disabled, values, renderField }: NestedProps) {
  const error = useOwnError(control, name);
  const block = (values[name] as FormValues | undefined) ?? {};
  return (
    <fieldset className="group-field">
      <legend className="group-field__legend">{ui.label}</legend>
      {ui.help ? <p className="list-field__help">{ui.help}</p> : null}
      {Object.entries(ui.fields ?? {}).map(([key, fieldUi]) => (
        <div key={key}>{renderField({ name: `${name}.${key}`, ui: fieldUi, control, disabled, values: block })}</div>
      ))}
      {error && typeof error === 'string' ? <ErrorList text={error} connected={false} /> : null}
    </fieldset>
  );
}
