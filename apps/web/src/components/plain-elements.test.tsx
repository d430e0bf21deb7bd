import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Alert, Button, Card, ConfigProvider, Empty, Form, Input, Progress, Result, Steps, Tag } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { useForm } from 'react-hook-form';
import { PROPOSAL_STAGES, STAGE_LABELS } from '@portal/domain/proposal-values';
import { describe, expect, it } from 'vitest';
import { TextField } from './form-field';
import { PlainAlert } from './plain-alert';
import { PlainCard } from './plain-card';
import { PlainEmpty } from './plain-empty';
import { PlainProgress } from './plain-progress';
import { PlainSuccessResult } from './plain-result';
import { PlainSteps } from './plain-steps';
import { PlainTag } from './plain-tag';
import { NativeForm } from './section-form/field-item';
import { TextArea } from './fields/native-fields';

/**
 * The plain elements must draw antd's DOM, class for class, or antd's build-time stylesheet would
 * not give them antd's look: each is rendered beside the antd component it stands for, under the
 * ConfigProvider settings of the app's theme that shape the DOM (app/theme.ts: CSS variables under
 * the "portal" key, no hashed class), and the markups compared. Icons are compared by name and
 * classes (antd's own names them for screen readers, which the app's ConfigProvider and PlainIcon hide).
 */
const THEME = { cssVar: { key: 'portal' }, hashed: false, zeroRuntime: true };

function markup(node: ReactNode): string {
  return renderToStaticMarkup(
    <ConfigProvider locale={ptBR} theme={THEME}>
      {node}
    </ConfigProvider>,
  ).replace(
    /<span role="img"[^>]*class="anticon anticon-([\w-]+)((?: [\w-]+)*)"[^>]*><svg.*?<\/svg><\/span>/g,
    '[icon $1$2]',
  );
}

/** The markup with each element's attributes in one order (the DOM has no attribute order). */
function attributes(html: string): string {
  return html.replace(/<(\w+)([^>]*)>/g, (_, tag: string, attrs: string) => {
    const list = attrs.match(/[\w-]+="[^"]*"/g) ?? [];
    return `<${tag} ${list.sort().join(' ')}>`;
  });
}

describe('plain elements draw the DOM of the antd components they replace', () => {
  it('tag', () => {
    for (const color of ['default', 'green', 'gold', 'orange', 'red', 'blue', 'geekblue'] as const)
      expect(markup(<PlainTag color={color}>Concluída</PlainTag>)).toBe(markup(<Tag color={color}>Concluída</Tag>));
    expect(markup(<PlainTag>Não exigida</PlainTag>)).toBe(markup(<Tag>Não exigida</Tag>));
    expect(
      markup(
        <PlainTag color="default" className="doc-item__state">
          x
        </PlainTag>,
      ),
    ).toBe(
      markup(
        <Tag color="default" className="doc-item__state">
          x
        </Tag>,
      ),
    );
  });

  it('alert, with a description, a class and an action', () => {
    for (const type of ['success', 'info', 'warning', 'error'] as const)
      expect(markup(<PlainAlert type={type} title="Falhou" />)).toBe(
        markup(<Alert type={type} showIcon title="Falhou" />),
      );
    const action = <Button>Tentar de novo</Button>;
    expect(markup(<PlainAlert type="error" title="t" description="d" className="c" action={action} />)).toBe(
      markup(<Alert type="error" showIcon title="t" description="d" className="c" action={action} />),
    );
    expect(markup(<PlainAlert type="error" title="t" />)).toContain('role="alert"');
  });

  it('progress: with and without its number, coloured, small, active, done', () => {
    const cases = [
      { percent: 40, strokeColor: '#0a1f44', railColor: '#e6e9ef', 'aria-labelledby': 'l' },
      { percent: 100, strokeColor: '#0a1f44', railColor: '#e6e9ef', 'aria-label': 'a' },
      { percent: 0, showInfo: false, railColor: '#e6e9ef' },
      { percent: 57, showInfo: false, 'aria-label': 'Documentos aceitos' },
      { percent: 30, size: 'small', status: 'active', 'aria-label': 'Envio' },
      { percent: 100, size: 'small', status: 'active', 'aria-label': 'Envio' },
      { percent: 60, size: 'small', status: 'success', 'aria-label': 'Envio' },
    ] as const;
    for (const props of cases) expect(markup(<PlainProgress {...props} />)).toBe(markup(<Progress {...props} />));
  });

  it('card, with a title and actions, or a title and an extra', () => {
    const go = <Button key="go">Continuar</Button>;
    expect(
      markup(
        <PlainCard className="proposal-card" title={<span>Proposta 1</span>} actions={[go]}>
          corpo
        </PlainCard>,
      ),
    ).toBe(
      markup(
        <Card className="proposal-card" title={<span>Proposta 1</span>} actions={[go]}>
          corpo
        </Card>,
      ),
    );
    expect(markup(<PlainCard className="proposal-card">corpo</PlainCard>)).toBe(
      markup(<Card className="proposal-card">corpo</Card>),
    );
    const extra = <Tag color="gold">Pendente</Tag>;
    expect(
      markup(
        <PlainCard className="review-card" title="Dados" extra={extra}>
          corpo
        </PlainCard>,
      ),
    ).toBe(
      markup(
        <Card className="review-card" title="Dados" extra={extra}>
          corpo
        </Card>,
      ),
    );
    expect(
      markup(
        <PlainCard title="Maria" extra={extra}>
          corpo
        </PlainCard>,
      ),
    ).toBe(
      markup(
        <Card title="Maria" extra={extra}>
          corpo
        </Card>,
      ),
    );
  });

  it('empty', () => {
    expect(markup(<PlainEmpty description="Nada" />)).toBe(markup(<Empty description="Nada" />));
  });

  it('success result, with a subtitle and actions', () => {
    const extra = [<Button key="a">Abrir</Button>, <Button key="b">Criar outra</Button>];
    expect(markup(<PlainSuccessResult title="Criada" subTitle="Enviado" extra={extra} />)).toBe(
      markup(<Result status="success" title="Criada" subTitle="Enviado" extra={extra} />),
    );
    expect(markup(<PlainSuccessResult title="Criada" />)).toBe(markup(<Result status="success" title="Criada" />));
    expect(markup(<PlainSuccessResult className="seller-done" title="Concluída" subTitle="Obrigado" />)).toBe(
      markup(<Result status="success" className="seller-done" title="Concluída" subTitle="Obrigado" />),
    );
  });

  it("steps: the proposal's stages at each stage, in progress, closed and approved", () => {
    for (const status of ['process', 'error', 'finish'] as const)
      for (let current = 0; current < PROPOSAL_STAGES.length; current++) {
        const items = PROPOSAL_STAGES.map((stage, i) => ({
          title: STAGE_LABELS[stage],
          content: i === current ? `O que a etapa ${stage} pede` : undefined,
        }));
        expect(
          markup(<PlainSteps className="seller-status__stages" current={current} status={status} items={items} />),
        ).toBe(
          markup(
            <Steps
              className="seller-status__stages"
              orientation="vertical"
              size="small"
              current={current}
              status={status}
              items={items}
            />,
          ),
        );
      }
  });

  it('text area: a value, rows and a limit, invalid with its error named, disabled', () => {
    // antd writes maxLength after the other attributes: order aside.
    expect(
      attributes(markup(<TextArea id="n" value="Corrigir" onChange={() => undefined} rows={2} maxLength={1000} />)),
    ).toBe(
      attributes(
        markup(<Input.TextArea id="n" value="Corrigir" onChange={() => undefined} rows={2} maxLength={1000} />),
      ),
    );
    const invalid = { id: 'r', value: '', rows: 3, maxLength: 500, 'aria-invalid': true, 'aria-describedby': 'r-erro' };
    expect(attributes(markup(<TextArea {...invalid} invalid onChange={() => undefined} />))).toBe(
      attributes(markup(<Input.TextArea {...invalid} status="error" onChange={() => undefined} />)),
    );
    expect(attributes(markup(<TextArea value="x" disabled onChange={() => undefined} />))).toBe(
      attributes(markup(<Input.TextArea value="x" disabled onChange={() => undefined} />)),
    );
  });

  it('text field and form: a large input and a password box in a vertical form', () => {
    function Native() {
      const { control } = useForm({ defaultValues: { name: 'Ana', pass: 'segredo1' } });
      return (
        <NativeForm onSubmit={() => undefined}>
          <TextField control={control} name="name" label="Nome" input={{ autoComplete: 'name' }} />
          <TextField control={control} name="pass" label="Senha" password input={{ autoComplete: 'new-password' }} />
        </NativeForm>
      );
    }
    const antd = (
      <Form layout="vertical" component="form" noValidate>
        <Form.Item label="Nome" htmlFor="campo-name" required={false}>
          <Input id="campo-name" name="name" value="Ana" autoComplete="name" size="large" onChange={() => undefined} />
        </Form.Item>
        <Form.Item label="Senha" htmlFor="campo-pass" required={false}>
          <Input.Password
            id="campo-pass"
            name="pass"
            value="segredo1"
            autoComplete="new-password"
            size="large"
            onChange={() => undefined}
          />
        </Form.Item>
      </Form>
    );
    // Attribute order aside; the eye is named as on the login form ("Mostrar senha", antd's pt-BR
    // says "Mostrar").
    const eye = (html: string) => html.replace('aria-label="Mostrar senha"', 'aria-label="Mostrar"');
    expect(attributes(eye(markup(<Native />)))).toBe(attributes(markup(antd)));
  });
});
