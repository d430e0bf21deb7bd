import { useState } from 'react';
import { App, Button } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { changeOwnPasswordSchema, changePasswordSchema, type ChangePasswordInput } from '@portal/domain/auth';
import { PASSWORD_RULE_TEXT } from '@portal/domain/fields';
import { API_MESSAGES } from '@portal/domain/api-error';
import { HOME_BY_ROLE, LOGIN_PATH } from '@portal/domain/routes';
import { TextField } from '../../components/form-field';
import { Page, PageLoading } from '../../components/page';
import { PlainAlert } from '../../components/plain-alert';
import { FormError } from '../../components/form-error';
import { NativeForm } from '../../components/section-form/field-item';
import { ApiRequestError } from '../../lib/api-client';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { SESSION_QUERY_KEY, useSession } from '../../lib/session';
import { changePassword } from './api';
import { NewPasswordFields } from './new-password-fields';

/**
 * /buyer/change-password, logged in or out: with the e-mailed ?token= it sets a new password for
 * that account; with a session it changes the signed-in user's one and asks for the current password
 * first (docs/decisions/013).
 */
export default function ChangePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const session = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ChangePasswordInput>({
    resolver: zodResolver(token ? changePasswordSchema : changeOwnPasswordSchema),
    defaultValues: token ? { pass: '', repeat: '', token } : { current: '', pass: '', repeat: '' },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess(user) {
      if (token) {
        queryClient.setQueryData(SESSION_QUERY_KEY, null);
        navigate(LOGIN_PATH[user.role], {
          replace: true,
          state: { flash: `${API_MESSAGES.passwordChanged} Entre com a nova senha.` },
        });
      } else {
        void message.success(API_MESSAGES.passwordChanged);
        navigate(HOME_BY_ROLE[user.role], { replace: true });
      }
    },
    onError: (err) => {
      const message = applyServerErrors(err, hookFormSetError(setError), ['current', 'pass', 'repeat']);
      // A wrong current password is said on its field; an alert would repeat it.
      setFormError(err instanceof ApiRequestError && err.code === 'wrong_current_password' ? null : message);
    },
  });

  if (!token && session.isPending) return <PageLoading />;
  if (!token && !session.data) {
    return (
      <Page title="Alterar senha" narrow>
        <PlainAlert
          type="info"
          title="Para alterar a senha, entre na sua conta ou peça um link de recuperação."
          className="form-alert"
        />
        <p className="page__links">
          <Link to="/buyer/login">Entrar</Link> · <Link to="/buyer/recover">Esqueci minha senha</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={token ? 'Criar nova senha' : 'Alterar senha'} subtitle={PASSWORD_RULE_TEXT + '.'} narrow>
      <NativeForm
        onSubmit={(e) => {
          setFormError(null);
          void handleSubmit((values) => mutation.mutate(values))(e);
        }}
      >
        {token ? null : (
          <TextField
            control={control}
            name="current"
            label="Senha atual"
            password
            input={{ autoComplete: 'current-password', autoFocus: true }}
          />
        )}
        <NewPasswordFields control={control} label="Nova senha" autoFocus={Boolean(token)} />
        <FormError message={formError} action={token ? <Link to="/buyer/recover">Pedir novo link</Link> : undefined} />
        <Button type="primary" htmlType="submit" size="large" block loading={mutation.isPending}>
          Salvar nova senha
        </Button>
      </NativeForm>
    </Page>
  );
}
