import { useState } from 'react';
import { App, Button, Checkbox, Switch } from 'antd';
import { useForm, useController } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newOperatorSchema, PERMISSION_LABELS, type NewOperatorInput } from '@portal/domain/backoffice';
import { TextField } from '../../components/form-field';
import { Page } from '../../components/page';
import { PlainAlert } from '../../components/plain-alert';
import { PlainTag } from '../../components/plain-tag';
import { FormError } from '../../components/form-error';
import { FieldItem, NativeForm } from '../../components/section-form/field-item';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { useCreateOperator, useOperators, useSetHealthPermission } from './api';
import { BackofficeMenu, when } from './format';
import './backoffice.css';

/**
 * /backoffice/operators: the back office's own accounts. Only operators get here (and only
 * operators can create operators, checked by the API too). A new operator gets an e-mail with a
 * link to create the password; the health permission can be granted only by who has it.
 */
export default function OperatorsPage() {
  const { message } = App.useApp();
  const operators = useOperators();
  const create = useCreateOperator();
  const permission = useSetHealthPermission();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<NewOperatorInput>({
    resolver: zodResolver(newOperatorSchema),
    defaultValues: { name: '', email: '', canViewHealth: false },
  });
  const health = useController({ control, name: 'canViewHealth' });

  return (
    <Page
      title="Operadores"
      subtitle="Quem trabalha na equipe do portal. Cada novo operador recebe um e-mail para criar a senha."
    >
      <BackofficeMenu />
      <div className="bo-columns">
        <section className="bo-columns__main" aria-labelledby="lista-operadores">
          <h2 id="lista-operadores" className="section-title">
            Operadores
          </h2>
          {operators.isError ? <PlainAlert type="error" title={operators.error.message} /> : null}
          <ul className="bo-operators">
            {operators.data?.map((o) => (
              <li key={o.id} className="bo-card">
                <div className="bo-card__head">
                  <strong>{o.name}</strong>
                  <PlainTag color={o.active ? 'green' : 'gold'}>{o.active ? 'Ativo' : 'Convite enviado'}</PlainTag>
                </div>
                <p>{o.email}</p>
                <p className="bo-muted">Desde {when(o.createdAt)}</p>
                <label className="bo-switch">
                  <Switch
                    checked={o.canViewHealth}
                    loading={permission.isPending && permission.variables?.id === o.id}
                    onChange={(checked) =>
                      permission.mutate(
                        { id: o.id, canViewHealth: checked },
                        {
                          onError: (e) => void message.error(e.message),
                          onSuccess: () => void message.success('Permissão atualizada.'),
                        },
                      )
                    }
                    aria-label={`${PERMISSION_LABELS['health:read']}: ${o.name}`}
                  />
                  <span>{PERMISSION_LABELS['health:read']}</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
        <aside className="bo-columns__side">
          <section className="bo-panel" aria-labelledby="novo-operador">
            <h2 id="novo-operador" className="section-title">
              Novo operador
            </h2>
            <NativeForm
              onSubmit={(e) => {
                setFormError(null);
                void handleSubmit((values) =>
                  create.mutate(values, {
                    onSuccess: (op) => {
                      reset();
                      void message.success(`${op.name} foi convidado(a) por e-mail.`);
                    },
                    onError: (err) =>
                      setFormError(
                        applyServerErrors(err, hookFormSetError(setError), ['name', 'email', 'canViewHealth']),
                      ),
                  }),
                )(e);
              }}
            >
              <TextField
                control={control}
                name="name"
                label="Nome completo"
                input={{ maxLength: 120, autoComplete: 'off' }}
              />
              <TextField
                control={control}
                name="email"
                label="E-mail"
                input={{ type: 'email', inputMode: 'email', autoCapitalize: 'none', autoComplete: 'off' }}
              />
              <FieldItem htmlFor="campo-canViewHealth">
                <Checkbox
                  id="campo-canViewHealth"
                  checked={health.field.value}
                  onChange={(e) => health.field.onChange(e.target.checked)}
                >
                  {PERMISSION_LABELS['health:read']}
                </Checkbox>
              </FieldItem>
              <FormError message={formError} />
              <Button type="primary" htmlType="submit" size="large" block loading={create.isPending}>
                Criar e convidar
              </Button>
            </NativeForm>
          </section>
        </aside>
      </div>
    </Page>
  );
}
