import { formatCnpj } from '@portal/domain/cnpj';
import { formatCpf } from '@portal/domain/cpf';
import { ChoiceButtons } from '../choice-buttons';
import { MASKS, type FieldUi } from './widgets';
import { GroupField, ListField } from './nested-fields';
import { FieldItem } from './field-item';
import { NativeSelect, TextInput } from '../fields/native-fields';
import { AutoTextArea, SwitchControl } from './native-controls';
import type { FormValues, SectionFormState } from './form-state';

export interface FieldRendererProps {
  name: string;
  ui: FieldUi;
  form: SectionFormState;
  disabled: boolean;
  values: FormValues;
}

/** One field of a section form: maps the widget type to a control drawn as antd's (../fields, ./native-controls). */
export function FieldRenderer(props: FieldRendererProps) {
  // Rows and blocks hold fields of their own (rendered by this same component, one level down).
  if (props.ui.widget === 'list') return <ListField {...props} renderField={(p) => <FieldRenderer {...p} />} />;
  if (props.ui.widget === 'group') return <GroupField {...props} renderField={(p) => <FieldRenderer {...p} />} />;
  return <ScalarField {...props} />;
}

function ScalarField({ name, ui, form, disabled, values }: FieldRendererProps) {
  const field = { ref: form.register(name), value: form.get(name), onChange: (v: unknown) => form.change(name, v) };
  const id = `campo-${name}`;
  const error = form.errors[name];
  const common = { id, disabled: disabled || ui.readOnly, 'aria-invalid': error ? true : undefined } as const;
  const help = ui.help ?? (common.disabled ? undefined : ui.editingHelp);

  let controlNode: React.ReactNode;
  switch (ui.widget) {
    case 'switch':
      return (
        <FieldItem htmlFor={id} error={error} help={ui.help} className="field-switch">
          <label className="field-switch__label">
            <SwitchControl
              {...common}
              ref={field.ref}
              checked={field.value === true}
              onChange={(v) => field.onChange(v)}
              aria-describedby={error ? `${id}-erro` : undefined}
            />
            <span>{ui.label}</span>
          </label>
        </FieldItem>
      );
    case 'select':
      controlNode = (
        <NativeSelect
          {...common}
          ref={field.ref}
          size="large"
          inFormItem
          titleOnValue
          invalid={!!error}
          value={(field.value as string) || ''}
          onChange={(v) => field.onChange(v)}
          options={ui.options ?? []}
          placeholder="Selecione"
          aria-label={ui.label}
        />
      );
      break;
    case 'textarea':
      controlNode = (
        <AutoTextArea
          {...common}
          ref={field.ref}
          invalid={!!error}
          name={name}
          value={(field.value as string) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          minRows={3}
          maxRows={8}
          maxLength={ui.maxLength}
          placeholder={ui.placeholder}
          readOnly={ui.readOnly}
        />
      );
      break;
    case 'radio':
      controlNode = (
        <ChoiceButtons
          {...common}
          value={field.value as string | undefined}
          onChange={(v) => field.onChange(v)}
          options={ui.options ?? []}
          aria-label={ui.label}
        />
      );
      break;
    default: {
      const mask =
        ui.widget === 'cpf-or-cnpj' ? (values.attorney_type === 'company' ? formatCnpj : formatCpf) : MASKS[ui.widget];
      const numeric = ['cpf', 'phone', 'cep', 'date', 'money', 'digits', 'pis'].includes(ui.widget);
      const decimal = ui.widget === 'percent' || ui.widget === 'area';
      controlNode = (
        <TextInput
          {...common}
          ref={field.ref}
          size="large"
          invalid={!!error}
          name={name}
          value={(field.value as string) ?? ''}
          onChange={(e) => field.onChange(mask ? mask(e.target.value) : e.target.value)}
          type={ui.widget === 'email' ? 'email' : 'text'}
          inputMode={ui.widget === 'email' ? 'email' : decimal ? 'decimal' : numeric ? 'numeric' : undefined}
          autoComplete={ui.autoComplete}
          placeholder={ui.placeholder}
          maxLength={ui.maxLength}
          prefix={ui.widget === 'money' ? 'R$' : undefined}
          suffix={ui.widget === 'percent' ? '%' : ui.widget === 'area' ? 'm²' : undefined}
          readOnly={ui.readOnly}
        />
      );
    }
  }
  return (
    <FieldItem label={ui.label} htmlFor={id} error={error} help={help}>
      {controlNode}
    </FieldItem>
  );
}
