import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Form, Progress, Skeleton } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { findSection, type AnySection, type SectionKey } from '@portal/domain/buyer-sections';
import { isFieldVisible, submitSchema, type SectionContext } from '@portal/domain/section';
import { Page } from '../../components/page';
import { applyServerErrors } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { readSelectedProposal } from '../../lib/storage';
import { useClientStore } from '../../lib/store';
import { ApiRequestError } from '../../lib/api-client';
import { useProposal } from '../proposals/api';
import { fetchSection, sectionKey, submitSection, type SectionDetail } from './api';
import { FieldRenderer } from './field-renderer';
import { buildFlow, buyerFromSearch, stepUrl } from './flow';
import { FIELD_UI, toInput } from './ui';
import { backupKey, readBackup, useAutosave, type AutosaveState } from './use-autosave';

type FormValues = Record<string, unknown>;

export interface SectionExtension {
  /** Runs when the form's values change (e.g. the address screen's CEP lookup). */
  useOnValues?: (args: { values: FormValues; setValue: (name: string, value: unknown) => void; editable: boolean }) => React.ReactNode;
}

/**
 * A buyer section screen: loads the section, restores the newest of the server draft, the local
 * unsaved copy and the submitted values, autosaves while typing, and submits to the server,
 * which validates with the same schema and answers field by field.
 */
export function SectionForm({ sectionKey: key, extension, successMessage = 'Dados salvos.' }: { sectionKey: SectionKey; extension?: SectionExtension; successMessage?: string }) {
  const proposalId = readSelectedProposal();
  const [search] = useSearchParams();
  const def = findSection(key)!;
  const buyer = def.scope === 'buyer' ? buyerFromSearch(search) : null;
  const proposal = useProposal(proposalId);
  const section = useQuery({
    queryKey: sectionKey(proposalId ?? '', key, buyer),
    enabled: proposalId !== null,
    queryFn: ({ signal }) => fetchSection(proposalId!, key, buyer, signal),
    staleTime: 0,
    gcTime: 0,
  });

  if (!proposalId) return <Navigate to="/buyer/select-proposal" replace />;
  const notFound = [proposal.error, section.error].some((e) => e instanceof ApiRequestError && e.status === 404);
  if (notFound) return <Navigate to="/buyer/buyers" replace />;
  const buyers = proposal.data?.customers.length ?? 1;
  const who = buyer !== null && buyers > 1 ? proposal.data?.customers.find((c) => c.position === buyer)?.name : undefined;

  return (
    <Page title={def.title} subtitle={who ? `Comprador: ${who}` : proposal.data ? `Proposta ${proposal.data.code}` : undefined}>
      {section.isError && !notFound ? <Alert type="error" showIcon title={section.error.message} action={<Button onClick={() => section.refetch()}>Tentar de novo</Button>} /> : null}
      {section.isPending || proposal.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {section.data && proposal.data ? (
        <SectionFormBody
          key={`${key}:${buyer}:${section.dataUpdatedAt}`}
          def={def}
          detail={section.data}
          proposalId={proposalId}
          buyer={buyer}
          buyers={buyers}
          extension={extension}
          successMessage={successMessage}
        />
      ) : null}
    </Page>
  );
}

/** Canonical stored values -> what the inputs show. */
function toFormValues(def: AnySection, values: FormValues): FormValues {
  const ui = FIELD_UI[def.key as SectionKey];
  const out: FormValues = {};
  for (const name of Object.keys(def.shape)) {
    if (values[name] === undefined) continue;
    const widget = ui[name]?.widget ?? 'text';
    out[name] = widget === 'radio' || widget === 'select' ? values[name] : toInput(widget, values[name], values);
  }
  return out;
}

function initialValues(def: AnySection, detail: SectionDetail, backup: { values: FormValues; at: string } | null) {
  const server = detail.draft ?? (detail.values ? toFormValues(def, detail.values) : {});
  const serverAt = Math.max(Date.parse(detail.draftUpdatedAt ?? '') || 0, Date.parse(detail.submittedAt ?? '') || 0);
  const useBackup = backup !== null && Date.parse(backup.at) > serverAt;
  const base: FormValues = {};
  // Defaults every field needs so inputs are controlled from the start.
  const ui = FIELD_UI[def.key as SectionKey];
  for (const name of Object.keys(def.shape)) base[name] = ui[name]?.widget === 'switch' ? false : '';
  if (def.key === 'data') base.attorney_type = 'person';
  if (def.key === 'data') base.attorney_phone_type = 'normal';
  return { values: { ...base, ...toFormValues(def, detail.prefill), ...(useBackup ? backup.values : server) }, restoredFromBackup: useBackup };
}

function SectionFormBody({ def, detail, proposalId, buyer, buyers, extension, successMessage }: { def: AnySection; detail: SectionDetail; proposalId: string; buyer: number | null; buyers: number; extension?: SectionExtension | undefined; successMessage: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const setStore = useClientStore((s) => s.set);
  const ctx: SectionContext = useMemo(() => ({ buyers, buyer }), [buyers, buyer]);
  const ui = FIELD_UI[def.key as SectionKey];
  const editable = detail.canEdit;
  const initial = useMemo(() => initialValues(def, detail, readBackup(backupKey(proposalId, def.key, buyer))), [def, detail, proposalId, buyer]);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const resolver = useMemo(() => zodResolver(submitSchema(def, ctx) as never) as unknown as Resolver<FormValues>, [def, ctx]);
  const { control, handleSubmit, setError, setValue, getValues, watch } = useForm<FormValues>({ defaultValues: initial.values, resolver, shouldFocusError: true });
  const values = useWatch({ control }) as FormValues;
  const autosave = useAutosave({ proposalId, section: def.key, buyer, enabled: editable });

  // Autosave every change the user makes; a copy restored from this device is sent at once.
  const restored = useRef(initial.restoredFromBackup);
  const { schedule } = autosave;
  useEffect(() => {
    if (restored.current && editable) {
      restored.current = false;
      schedule(getValues());
    }
    const sub = watch((v) => schedule(v as FormValues));
    return () => sub.unsubscribe();
  }, [watch, schedule, editable, getValues]);

  const flow = useMemo(() => buildFlow(buyers), [buyers]);
  const index = flow.findIndex((s) => s.section === def.key && s.buyer === buyer);
  useEffect(() => {
    setStore({ currentStep: Math.max(0, index) });
  }, [index, setStore]);

  const visible = Object.keys(def.shape).filter((name) => ui[name] && isFieldVisible(def, name, values, ctx));
  const setField = useCallback((name: string, value: unknown) => setValue(name, value, { shouldDirty: true }), [setValue]);
  const extra = extension?.useOnValues?.({ values, setValue: setField, editable });

  const onSubmit = handleSubmit(
    async () => {
      setFormError(null);
      setSubmitting(true);
      const all = getValues();
      const body = Object.fromEntries(visible.map((name) => [name, all[name]]));
      try {
        await submitSection(proposalId, def.key, buyer, body);
        autosave.clear();
        await queryClient.invalidateQueries({ queryKey: ['proposals'] });
        void message.success(successMessage);
        const next = flow[index + 1];
        navigate(next ? stepUrl(next) : '/buyer/buyers');
      } catch (err) {
        setFormError(applyServerErrors(err, setError, visible));
      } finally {
        setSubmitting(false);
      }
    },
    () => setFormError('Verifique os campos destacados.'),
  );

  const previous = index > 0 ? flow[index - 1] : undefined;
  return (
    <>
      <StepIndicator index={index} total={flow.length} title={flow[index]?.title ?? def.title} />
      {detail.status === 'rejected' && detail.reviewNote ? <Alert type="warning" showIcon title="O backoffice pediu uma correção" description={detail.reviewNote} className="form-alert" /> : null}
      {!editable ? <Alert type="info" showIcon title="Somente leitura: esta seção não pode ser alterada por você agora." className="form-alert" /> : null}
      <Form layout="vertical" component="form" noValidate onSubmitCapture={(e) => {
        e.preventDefault();
        void onSubmit(e);
      }}>
        {extra}
        {visible.map((name) => (
          <FieldRenderer key={name} name={name} ui={ui[name]!} control={control} disabled={!editable} values={values} />
        ))}
        <div aria-live="assertive">{formError ? <Alert type="error" showIcon title={formError} className="form-alert" /> : null}</div>
        <AutosaveStatus state={autosave.state} />
        <div className="form-actions">
          <Button size="large" onClick={() => navigate(previous ? stepUrl(previous) : '/buyer/buyers')}>
            Voltar
          </Button>
          {editable ? (
            <Button type="primary" htmlType="submit" size="large" loading={submitting}>
              Salvar e continuar
            </Button>
          ) : (
            <Button type="primary" size="large" onClick={() => navigate(flow[index + 1] ? stepUrl(flow[index + 1]!) : '/buyer/buyers')}>
              Continuar
            </Button>
          )}
        </div>
      </Form>
    </>
  );
}

/** Where the buyer is in the sequence (currentStep). */
function StepIndicator({ index, total, title }: { index: number; total: number; title: string }) {
  if (index < 0) return null;
  return (
    <div className="step-indicator">
      <span className="step-indicator__text">
        Etapa {index + 1} de {total}: <strong>{title}</strong>
      </span>
      <Progress percent={Math.round(((index + 1) / total) * 100)} showInfo={false} strokeColor="#0a1f44" railColor="#e6e9ef" aria-label={`Etapa ${index + 1} de ${total}`} />
    </div>
  );
}

function AutosaveStatus({ state }: { state: AutosaveState }) {
  const text =
    state.kind === 'pending' || state.kind === 'saving'
      ? 'Salvando rascunho…'
      : state.kind === 'saved'
        ? `Rascunho salvo às ${state.at.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`
        : state.kind === 'error'
          ? 'Não foi possível salvar o rascunho agora. Suas respostas estão guardadas neste aparelho e tentaremos de novo.'
          : '';
  return (
    <p className={`autosave autosave--${state.kind}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}
