import { useState } from 'react';
import { Alert, Button, Form, Radio } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { loginSchema, ROLE_LABELS, type LoginInput, type Role } from '@portal/domain/auth';
import { formatCpf } from '@portal/domain/cpf';
import { HOME_BY_ROLE, loginRoleFromPath } from '@portal/domain/routes';
import { TextField } from '../../components/form-field';
import { applyServerErrors } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { writeLoginMarker } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { AuthLayout } from './auth-layout';
import { login } from './api';

const AREA_TITLES: Record<Role, string> = {
  buyer: 'Área do comprador',
  seller: 'Área do vendedor',
  operator: 'Backoffice',
};

/** Digits only are a CPF being typed: mask it; anything else is an e-mail, left as typed. */
const maskUsername = (value: string) => (/^[\d.\-\s]*$/.test(value) && /\d/.test(value) ? formatCpf(value) : value);

/** /buyer/login, /auth/login and /auth/{role}/login: E-mail ou CPF, Senha, Entrar (docs/product/forms.md). */
export default function LoginPage() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const fixedRole = loginRoleFromPath(pathname);
  const flash = (state as { flash?: string } | null)?.flash;
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', type: fixedRole ?? 'buyer' },
  });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess(user) {
      writeLoginMarker(user.role);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      useClientStore.getState().set({ loggedIn: true });
      navigate(HOME_BY_ROLE[user.role], { replace: true });
    },
    onError(err) {
      setFormError(applyServerErrors(err, setError, ['username', 'password']));
    },
  });

  return (
    <AuthLayout
      title="Entrar"
      subtitle={fixedRole ? AREA_TITLES[fixedRole] : 'Escolha seu perfil e entre com seus dados.'}
    >
      {flash ? <Alert type="success" showIcon title={flash} className="form-alert" /> : null}
      <Form
        layout="vertical"
        component="form"
        noValidate
        onSubmitCapture={(e) => {
          e.preventDefault();
          setFormError(null);
          void handleSubmit((values) => mutation.mutate(values))(e);
        }}
      >
        {fixedRole ? null : (
          <Form.Item label="Perfil">
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Radio.Group
                  {...field}
                  optionType="button"
                  buttonStyle="solid"
                  aria-label="Perfil"
                  className="role-picker"
                >
                  {(['buyer', 'seller', 'operator'] as const).map((r) => (
                    <Radio.Button key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </Radio.Button>
                  ))}
                </Radio.Group>
              )}
            />
          </Form.Item>
        )}
        <TextField
          control={control}
          name="username"
          label="E-mail ou CPF"
          mask={maskUsername}
          input={{ autoComplete: 'username', autoFocus: true, spellCheck: false, autoCapitalize: 'none' }}
        />
        <TextField
          control={control}
          name="password"
          label="Senha"
          password
          input={{ autoComplete: 'current-password' }}
        />
        <div aria-live="assertive">
          {formError ? <Alert type="error" showIcon title={formError} className="form-alert" /> : null}
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={mutation.isPending}>
          Entrar
        </Button>
      </Form>
      <p className="auth-card__links">
        <Link to="/buyer/recover">Esqueci minha senha</Link>
      </p>
    </AuthLayout>
  );
}
