import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { SessionUser } from '@portal/domain/auth';
import { formatCpf } from '@portal/domain/cpf';
import { checkLoginForm } from '@portal/domain/login-check';
import { ROLES, ROLE_LABELS, type Role } from '@portal/domain/roles';
import { loginRoleFromPath } from '@portal/domain/routes';
import { ApiRequestError } from '../../lib/api-client';
import { writeLoginMarker } from '../../lib/storage';
import { LogoMark } from '../../components/logo-mark';
import { PlainIcon } from '../../components/plain-icon';
import { login } from './api';
import './login.css';

const AREA_TITLES: Record<Role, string> = {
  buyer: 'Área do comprador',
  seller: 'Área do vendedor',
  operator: 'Área da equipe do portal',
};
const TAGLINE = 'Sua proposta de financiamento pronta para o banco, sem papelada perdida.';

type Field = 'username' | 'password';
type Errors = Partial<Record<Field, string>>;

/** Digits only are a CPF being typed: mask it; anything else is an e-mail, left as typed. */
const maskUsername = (value: string) => (/^[\d.\-\s]*$/.test(value) && /\d/.test(value) ? formatCpf(value) : value);

export interface LoginFormProps {
  pathname: string;
  /** A message from the screen before (e.g. the password was changed). */
  flash?: string | null;
  /** Opens another screen of the portal: the router's navigation, or the whole app on a first visit. */
  go(path: string): void;
  /** The server accepted the credentials; the login marker is written. */
  onLoggedIn(user: SessionUser): void;
  /** The person started on the form: the time to fetch what comes after it. */
  onStart?(): void;
}

/**
 * /buyer/login, /auth/login and /auth/{role}/login: E-mail ou CPF, Senha, Entrar. The first page
 * most people load, so it is built from React alone (no antd, router, form or schema library) and
 * drawn by login.css to look as antd draws the other forms.
 */
export function LoginForm({ pathname, flash, go, onLoggedIn, onStart }: LoginFormProps) {
  const fixedRole = loginRoleFromPath(pathname);
  const [values, setValues] = useState({ username: '', password: '', type: fixedRole ?? ('buyer' as Role) });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first try, each field is checked again as it changes (as the other forms do).
    if (submitted) setErrors((prev) => ({ ...prev, [field]: checkLoginForm(next)[field] }));
  };
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = (['username', 'password'] as const).find((f) => found[f]);
    if (first) inputs[first].current?.focus();
    return first !== undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFormError(null);
    if (showErrors(checkLoginForm(values))) return;
    setPending(true);
    login({ ...values, username: values.username.trim() }).then(
      (user) => {
        writeLoginMarker(user.role);
        onLoggedIn(user);
      },
      (err: unknown) => {
        setPending(false);
        if (!(err instanceof ApiRequestError)) {
          setFormError(err instanceof Error ? err.message : String(err));
          return;
        }
        const found: Errors = {};
        for (const f of ['username', 'password'] as const) if (err.fields[f]) found[f] = err.fields[f];
        const placed = showErrors(found);
        setFormError(placed && err.code === 'validation' ? null : err.message);
      },
    );
  };
  const link = (path: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(path);
  };

  return (
    <div className="shell shell--bare login" onPointerDown={onStart} onKeyDown={onStart}>
      <main className="auth-layout" id="conteudo">
        <section className="auth-layout__brand" aria-hidden="true">
          <p className="auth-layout__tagline">{TAGLINE}</p>
        </section>
        <section className="auth-layout__panel">
          <div className="auth-card">
            <a href="/" className="logo" aria-label="Portal de Propostas — início" onClick={link('/')}>
              <LogoMark />
              <span>Portal de Propostas</span>
            </a>
            <h1 className="auth-card__title">Entrar</h1>
            <div className="auth-card__subtitle">
              {fixedRole ? AREA_TITLES[fixedRole] : 'Escolha seu perfil e entre com seus dados.'}
            </div>
            {flash ? <Notice type="success">{flash}</Notice> : null}
            <form className="login-form" noValidate onSubmit={submit}>
              {fixedRole ? null : (
                <div className="login-field">
                  <span className="login-field__label" id="campo-type-rotulo">
                    Perfil
                  </span>
                  <div className="role-picker" role="radiogroup" aria-labelledby="campo-type-rotulo">
                    {ROLES.map((r) => (
                      <label key={r} className={`role-picker__option${values.type === r ? ' is-checked' : ''}`}>
                        <input
                          type="radio"
                          name="type"
                          value={r}
                          checked={values.type === r}
                          onChange={() => setValues({ ...values, type: r })}
                        />
                        <span>{ROLE_LABELS[r]}</span>
                      </label>
                    ))}
                  </div>
                </div>
              )}
              <TextInput
                field="username"
                label="E-mail ou CPF"
                error={errors.username}
                inputRef={inputs.username}
                input={{
                  type: 'text',
                  value: values.username,
                  onChange: (e) => change('username', maskUsername(e.target.value)),
                  autoComplete: 'username',
                  autoFocus: true,
                  spellCheck: false,
                  autoCapitalize: 'none',
                }}
              />
              <TextInput
                field="password"
                label="Senha"
                error={errors.password}
                inputRef={inputs.password}
                input={{
                  type: shown ? 'text' : 'password',
                  value: values.password,
                  onChange: (e) => change('password', e.target.value),
                  autoComplete: 'current-password',
                }}
                suffix={
                  <button
                    type="button"
                    className="login-input__eye"
                    aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'}
                    aria-pressed={shown}
                    // A click keeps the caret in the password, as antd's toggle does.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => setShown(!shown)}
                  >
                    <PlainIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
                  </button>
                }
              />
              <div aria-live="assertive">{formError ? <Notice type="error">{formError}</Notice> : null}</div>
              <button type="submit" className={`login-submit${pending ? ' is-loading' : ''}`}>
                {pending ? <PlainIcon icon={LoadingOutlined} spin /> : null}
                <span>Entrar</span>
              </button>
            </form>
            <p className="auth-card__links">
              <a href="/buyer/recover" onClick={link('/buyer/recover')}>
                Esqueci minha senha
              </a>
            </p>
          </div>
        </section>
      </main>
    </div>
  );
}

/** A label, its input and the error that describes it (announced with role="alert"). */
function TextInput({
  field,
  label,
  error,
  inputRef,
  input,
  suffix,
}: {
  field: Field;
  label: string;
  error?: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  input: React.InputHTMLAttributes<HTMLInputElement>;
  suffix?: ReactNode;
}) {
  const id = `campo-${field}`;
  const helpId = `${id}-ajuda`;
  const control = (
    <input
      {...input}
      ref={inputRef}
      id={id}
      name={field}
      className={suffix ? undefined : 'login-input'}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? helpId : undefined}
    />
  );
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label className="login-field__label" htmlFor={id}>
        {label}
      </label>
      {suffix ? (
        <span className="login-input login-input--affix">
          {control}
          {suffix}
        </span>
      ) : (
        control
      )}
      {error ? (
        <div className="login-field__error">
          <span id={helpId} role="alert">
            {error}
          </span>
        </div>
      ) : null}
    </div>
  );
}

function Notice({ type, children }: { type: 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`login-notice login-notice--${type} form-alert`} role="alert">
      <PlainIcon icon={type === 'success' ? CheckCircleFilled : CloseCircleFilled} />
      <div className="login-notice__text">{children}</div>
    </div>
  );
}
