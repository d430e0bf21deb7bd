import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { recoverSchema, type RecoverInput } from '@portal/domain/auth';
import { formatCpf } from '@portal/domain/cpf';
import { TextField } from '../../components/form-field';
import { Page } from '../../components/page';
import { PlainSuccessResult } from '../../components/plain-result';
import { FormError } from '../../components/form-error';
import { NativeForm } from '../../components/section-form/field-item';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { recover } from './api';

/** /buyer/recover: e-mail and CPF; the answer never says whether an account exists. */
export default function RecoverPage() {
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RecoverInput>({
    resolver: zodResolver(recoverSchema),
    defaultValues: { email: '', cpf: '' },
  });
  const mutation = useMutation({
    mutationFn: recover,
    onError: (err) => setFormError(applyServerErrors(err, hookFormSetError(setError), ['email', 'cpf'])),
  });

  if (mutation.isSuccess) {
    return (
      <Page title="Verifique seu e-mail" narrow>
        <PlainSuccessResult
          title={mutation.data}
          subTitle="O link vale por 30 minutos e pode ser usado uma única vez."
          extra={<Link to="/buyer/login">Voltar para o login</Link>}
        />
      </Page>
    );
  }
  return (
    <Page
      title="Recuperar senha"
      subtitle="Informe o e-mail e o CPF do seu cadastro. Enviaremos um link para você criar uma nova senha."
      narrow
    >
      <NativeForm
        onSubmit={(e) => {
          setFormError(null);
          void handleSubmit((values) => mutation.mutate(values))(e);
        }}
      >
        <TextField
          control={control}
          name="email"
          label="E-mail"
          input={{ type: 'email', autoComplete: 'email', inputMode: 'email', autoCapitalize: 'none' }}
        />
        <TextField
          control={control}
          name="cpf"
          label="CPF"
          mask={formatCpf}
          input={{ inputMode: 'numeric', autoComplete: 'off', placeholder: '000.000.000-00' }}
        />
        <FormError message={formError} />
        <Button type="primary" htmlType="submit" size="large" block loading={mutation.isPending}>
          Enviar link
        </Button>
      </NativeForm>
      <p className="page__links">
        <Link to="/buyer/login">Voltar para o login</Link>
      </p>
    </Page>
  );
}
