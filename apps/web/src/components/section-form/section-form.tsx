import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Skeleton } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useProgress } from '../../lib/progress-api';
import { fetchNextStep, stepPositionOf } from '../../lib/next-step';
import { StepIndicator } from '../step-indicator';
import { findSection, type AnySection } from '@portal/domain/sections-registry';
import { fixedValues, isFieldVisible, submitSchema, type SectionContext } from '@portal/domain/section';
import { applyServerErrors } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { useClientStore } from '../../lib/store';
import { ApiRequestError, isServerUnreachable } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { deviceCopyIsNewer, offlineDraftKey, readOfflineDraft, type OfflineDraft } from '../../lib/offline-drafts';
import { submitSection, useSection, type SectionDetail } from '../../lib/sections-api';
import { proposalKeys } from '../../lib/proposals-api';
import { FieldRenderer } from './field-renderer';
import { issuesToErrors, useSectionFormState, type FormValues } from './form-state';
import { emptyValues, toFormValue, type FieldUi } from './widgets';
import { useAutosave, type AutosaveState } from './use-autosave';
import { formatInstantTime } from '@portal/domain/dates';
import { LoadError } from '../load-error';
import { FormError } from '../form-error';
import { NativeForm } from './field-item';
import { prefetchScreen } from '../../lib/prefetch-screen';
import { PlainAlert } from '../plain-alert';

export interface SectionExtension {
  /** Runs when the form's values change (e.g. the address screen's CEP lookup); may render a notice. */
  useOnValues?: (args: {
    values: FormValues;
    setValue: (name: string, value: unknown) => void;
    editable: boolean;
  }) => React.ReactNode;
}

/** Where this form leads: back, and on when the derived next step cannot be read. */
export interface SectionSteps {
  previousUrl: string;
  nextUrl: string;
  /**
   * After a save, go to the caller's next pending step (default) rather than to nextUrl. A screen
   * that shows the outcome of its own answers first (the FGTS questions) keeps nextUrl.
   */
  followNextStep?: boolean;
  /** A form of a sequence (the FGTS forms): go on to the derived step right after it while it is still to do. */
  sequence?: boolean;
}

export interface SectionFormProps {
  proposalId: string;
  sectionKey: string;
  /** Buyer position for per-buyer sections; null otherwise. */
  buyer: number | null;
  /** Number of buyers of the proposal (rules such as the percentages depend on it). */
  buyers: number;
  /** Labels and widgets of the section's fields (one UI map per feature). */
  ui: Record<string, FieldUi>;
  steps: SectionSteps;
  /** Values a new form starts with (e.g. a radio's default). */
  defaults?: FormValues;
  extension?: SectionExtension;
  successMessage?: string;
  /** Where to go when the section or proposal is not visible to this user. */
  notFoundUrl: string;
}

/**
 * A form section of a proposal, for any party: loads it, restores the newest of the server draft,
 * the copy kept on this device while the server was away and the submitted values, autosaves while
 * the user types (docs/product/offline.md), and submits
 * to the server, which validates with the same schema and answers field by field.
 */
export function SectionForm(props: SectionFormProps) {
  // One instance per section and buyer: the deferred section below never shows another buyer's
  // values while this buyer's are loading.
  return <LoadedSectionForm key={`${props.proposalId}:${props.sectionKey}:${props.buyer}`} {...props} />;
}

function LoadedSectionForm(props: SectionFormProps) {
  const { proposalId, sectionKey: key, buyer } = props;
  useEffect(() => prefetchScreen(props.steps.nextUrl), [props.steps.nextUrl]);
  // Deferred: the form draws in slices when its data arrives (docs/decisions/033-slow-machine-main-thread.md).
  const section = useDeferredValue(useSection(proposalId, key, buyer, { staleTime: 0, gcTime: 0 }));
  if (section.error instanceof ApiRequestError && section.error.status === 404)
    return <Navigate to={props.notFoundUrl} replace />;
  if (section.isError) return <LoadError error={section.error} retry={section.refetch} />;
  if (section.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <SectionFormBody key={section.dataUpdatedAt} {...props} detail={section.data} />;
}

/** Canonical stored values -> what the inputs show. */
function toFormValues(ui: Record<string, FieldUi>, def: AnySection, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const name of Object.keys(def.shape)) {
    if (values[name] === undefined) continue;
    out[name] = toFormValue(ui[name], values[name], values);
  }
  return out;
}

/** The server's time of the section as loaded: its latest draft or submit. */
function serverTimeOf(detail: SectionDetail): string | null {
  const times = [detail.draftUpdatedAt, detail.submittedAt].filter((t): t is string => !!t);
  return times.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
}

function initialValues(props: SectionFormProps, def: AnySection, detail: SectionDetail, backup: OfflineDraft | null) {
  const server = detail.draft ?? (detail.values ? toFormValues(props.ui, def, detail.values) : {});
  const useBackup = backup !== null && deviceCopyIsNewer(backup, serverTimeOf(detail));
  // Every field starts defined, so inputs are controlled from the first render.
  const base: FormValues = {};
  for (const name of Object.keys(def.shape)) {
    const ui = props.ui[name];
    // A list starts with one empty row; a block with its fields blank.
    base[name] =
      ui?.widget === 'switch'
        ? false
        : ui?.widget === 'list'
          ? [emptyValues(ui.fields)]
          : ui?.widget === 'group'
            ? emptyValues(ui.fields)
            : '';
  }
  return {
    values: {
      ...base,
      ...props.defaults,
      ...toFormValues(props.ui, def, detail.prefill),
      ...(useBackup ? backup.values : server),
    },
    restoredFromBackup: useBackup,
  };
}

function SectionFormBody(props: SectionFormProps & { detail: SectionDetail }) {
  const { proposalId, buyer, buyers, ui, steps, extension, detail, successMessage = 'Dados salvos.' } = props;
  const def = findSection(props.sectionKey)!;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const setStore = useClientStore((s) => s.set);
  const ctx: SectionContext = useMemo(() => ({ buyers, buyer }), [buyers, buyer]);
  const editable = detail.canEdit;
  // The device's copies are the signed-in person's own: nobody else using this browser sees them.
  const userId = useSession().data?.id ?? null;
  const storageKey = userId ? offlineDraftKey(userId, proposalId, def.key, buyer) : null;
  const initial = useMemo(
    () => initialValues(props, def, detail, storageKey && editable ? readOfflineDraft(storageKey) : null),
    [props, def, detail, storageKey, editable],
  );
  // A message about the highlighted fields goes away by itself once they are all fixed.
  const [formError, setFormError] = useState<{ message: string; aboutFields: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const schema = useMemo(() => submitSchema(def, ctx), [def, ctx]);
  const autosave = useAutosave({
    proposalId,
    section: def.key,
    buyer,
    enabled: editable,
    storageKey,
    base: serverTimeOf(detail),
  });
  const { schedule } = autosave;
  const form = useSectionFormState({
    defaultValues: initial.values,
    validate: (v) => {
      const result = schema.safeParse(v);
      return result.success ? null : issuesToErrors(result.error.issues);
    },
    // Every change is autosaved (the values a screen sets too, e.g. an address found by its CEP).
    onChange: schedule,
  });
  const { values, errors, setValue, setError, handleSubmit } = form;

  // A copy restored from this device is sent at once.
  const restored = useRef(initial.restoredFromBackup);
  useEffect(() => {
    if (restored.current && editable) {
      restored.current = false;
      schedule(values);
    }
  }, [schedule, editable, values]);

  // The indicator places the form among the derived steps its viewer counts, with the same total
  // as the counts (every step of the proposal for a buyer, the seller's for the seller).
  // Deferred like the section: the whole form draws again when the progress arrives.
  const progress = useDeferredValue(useProgress(proposalId));
  const stepId = `section:${def.key}:${buyer ?? '-'}`;
  const position = stepPositionOf(progress.data, stepId);
  const indicator = position.step
    ? { index: position.index, total: position.total, title: position.step.title }
    : { index: -1, total: 0, title: '' };
  useEffect(() => {
    setStore({ currentStep: Math.max(0, indicator.index) });
  }, [indicator.index, setStore]);

  // A field the proposal fixes (one buyer's 100 % share) is not asked; the submit stores its value.
  const fixed = useMemo(() => fixedValues(def, ctx), [def, ctx]);
  const visible = Object.keys(def.shape).filter(
    (name) => ui[name] && !(name in fixed) && isFieldVisible(def, name, values, ctx),
  );
  const extra = extension?.useOnValues?.({ values, setValue, editable });

  const onSubmit = handleSubmit(
    async () => {
      setFormError(null);
      setSubmitting(true);
      const body = Object.fromEntries(visible.map((name) => [name, values[name]]));
      const startedAt = window.location.pathname + window.location.search;
      try {
        await submitSection(proposalId, def.key, buyer, body);
        autosave.clear();
        await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
        void message.success(successMessage);
        // On to the next pending step of the one derived list (not merely the next screen in order).
        const next =
          steps.followNextStep === false
            ? null
            : await fetchNextStep(queryClient, proposalId, steps.sequence ? stepId : undefined).catch(() => null);
        // The save's refetch may have moved the screen on already (a page that redirects on its
        // fresh state, as the FGTS questions do): a second navigation from here would take the
        // person back to where they were.
        if (window.location.pathname + window.location.search !== startedAt) return;
        navigate(next?.path ?? steps.nextUrl);
      } catch (err) {
        if (isServerUnreachable(err)) {
          // Nothing is lost: the values stay in the form and on this device, the autosave keeps trying.
          setFormError({ message: SUBMIT_OFFLINE_MESSAGE, aboutFields: false });
          return;
        }
        const message = applyServerErrors(err, setError, visible);
        setFormError(message ? { message, aboutFields: false } : null);
      } finally {
        setSubmitting(false);
      }
    },
    () => setFormError({ message: 'Verifique os campos destacados.', aboutFields: true }),
  );

  return (
    <>
      <StepIndicator
        index={indicator.index}
        total={indicator.total}
        title={indicator.title}
        loading={progress.isPending}
      />
      {detail.status === 'rejected' && detail.reviewNote ? (
        <PlainAlert
          type="warning"
          title="A equipe do portal pediu uma correção"
          description={detail.reviewNote}
          className="form-alert"
        />
      ) : null}
      {editable && detail.values === null && detail.prefillFrom.length ? (
        <PlainAlert
          type="info"
          title={`Alguns campos já vêm preenchidos a partir de: ${listPt(detail.prefillFrom)}.`}
          description="Confira e altere o que for preciso: nada é enviado antes de você salvar."
          className="form-alert prefill-note"
        />
      ) : null}
      {!editable ? (
        <PlainAlert
          type="info"
          title={detail.readOnly?.reason ?? 'Esta seção está fechada para alterações.'}
          description={detail.readOnly?.next}
          className="form-alert read-only-note"
        />
      ) : null}
      <NativeForm onSubmit={onSubmit}>
        {extra}
        {visible.map((name) => (
          <FieldRenderer key={name} name={name} ui={ui[name]!} form={form} disabled={!editable} values={values} />
        ))}
        <FormError
          message={formError && (!formError.aboutFields || Object.keys(errors).length > 0) ? formError.message : null}
        />
        <div className="form-actions">
          <AutosaveStatus state={autosave.state} />
          <Button size="large" onClick={() => navigate(steps.previousUrl)}>
            Voltar
          </Button>
          {editable ? (
            <Button type="primary" htmlType="submit" size="large" loading={submitting}>
              Salvar e continuar
            </Button>
          ) : (
            <Button type="primary" size="large" onClick={() => navigate(steps.nextUrl)}>
              Continuar
            </Button>
          )}
        </div>
      </NativeForm>
    </>
  );
}

/** Said while the server cannot be reached: the person's typing is safe and will be sent. */
const OFFLINE_MESSAGE =
  'Sem conexão com o servidor — seus dados estão guardados neste aparelho e serão salvos assim que possível';
const SUBMIT_OFFLINE_MESSAGE =
  'Sem conexão com o servidor: a seção não foi enviada. Seus dados continuam aqui e guardados neste aparelho; tente de novo em instantes.';

/**
 * The autosave's state, in the sticky bar of the form's buttons (always on screen, under the
 * fields rather than over them) and announced politely to screen readers.
 */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  const text =
    state.kind === 'pending' || state.kind === 'saving'
      ? 'Salvando rascunho…'
      : state.kind === 'saved'
        ? `Rascunho salvo às ${formatInstantTime(state.at)}`
        : state.kind === 'offline'
          ? OFFLINE_MESSAGE
          : state.kind === 'error'
            ? `Não foi possível salvar o rascunho agora (${state.message}). Suas respostas estão guardadas neste aparelho e tentaremos de novo.`
            : '';
  const line = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    // A longer line makes the sticky bar taller: the field being typed into stays in sight above it.
    const bar = line.current?.parentElement;
    const active = document.activeElement;
    if (!bar || !(active instanceof HTMLElement) || !active.closest('form')?.contains(bar)) return;
    const hidden = active.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
    if (hidden > 0) window.scrollBy(0, hidden + 8);
  }, [text]);
  return (
    <p ref={line} className={`autosave autosave--${state.kind}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** "A", "A e B", "A, B e C". */
function listPt(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}
