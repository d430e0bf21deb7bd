import { useCallback, useMemo, useRef, useState } from 'react';
import type { SetFieldError } from '../../lib/form-errors';

/*
 * The section form's state: values, errors and the list rows' keys, with the validation rules a
 * user of the form relies on (docs/product/forms.md):
 * - nothing is checked while the user fills the form for the first time;
 * - a submit checks the whole form with the section's schema: the first field in error (in the
 *   page's order) gets the focus, and every field shows its first message;
 * - after a submit, each change re-checks the form and updates the messages of the changed field
 *   (and of the list or block it belongs to), so a fixed field loses its message at once;
 * - a value set by the screen itself (a CEP lookup filling the street) is not a user change: it is
 *   saved, but re-checked only at the next submit.
 * Small on purpose: the section forms need only this, and a form library was a third of each form
 * screen's JavaScript (docs/decisions/036-section-form-state.md).
 */

export type FormValues = Record<string, unknown>;
/** Messages by field path: 'name', 'accounts.1.amount', 'accounts' (the list itself). */
export type FormErrors = Record<string, string>;

/** A schema's check as the form uses it: its messages by path, or null when the values pass. */
export type Validate = (values: FormValues) => FormErrors | null;

/** One issue of a zod error, as much of it as the messages need. */
interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  errors?: Issue[][];
}

/**
 * A zod error's issues as messages by path: the first issue of each path wins; a union's message is
 * the first issue of its branch with the fewest issues, and every branch's issues are placed too.
 */
export function issuesToErrors(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  const queue: Issue[] = [...issues];
  while (queue.length) {
    const issue = queue.shift()!;
    const path = issue.path.map(String).join('.');
    const branches = issue.code === 'invalid_union' ? (issue.errors ?? []) : [];
    if (!(path in errors)) {
      const fewest = branches.length ? branches.reduce((a, b) => (b.length < a.length ? b : a))[0] : undefined;
      errors[path] = fewest?.message ?? issue.message;
    }
    for (const branch of branches)
      for (const inner of branch) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
  }
  return errors;
}

/** A path and the paths of the lists and blocks that hold it: 'a.1.b' → ['a.1.b', 'a.1', 'a']. */
function withAncestors(path: string): string[] {
  const parts = path.split('.');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

const isUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/** The value at a dotted path ('accounts.1.amount'). */
export function valueAt(values: FormValues, path: string): unknown {
  let cur: unknown = values;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A copy of `values` with `value` at a dotted path (the rows and blocks on the way are copied). */
export function withValueAt(values: FormValues, path: string, value: unknown): FormValues {
  return setIn(values, path.split('.'), value) as FormValues;
}

function setIn(container: unknown, parts: string[], value: unknown): unknown {
  const [head, ...rest] = parts as [string, ...string[]];
  const old = container !== null && typeof container === 'object' ? (container as Record<string, unknown>) : {};
  const child = rest.length ? setIn(old[head], rest, value) : value;
  if (Array.isArray(container)) {
    const copy = [...(container as unknown[])];
    copy[Number(head)] = child;
    return copy;
  }
  return { ...old, [head]: child };
}

let rowSeq = 0;
const newRowKey = () => `row-${++rowSeq}`;

export interface SectionFormState {
  values: FormValues;
  errors: FormErrors;
  /** The value at a path. */
  get: (path: string) => unknown;
  /** A user's change: re-checked after the first submit. */
  change: (path: string, value: unknown) => void;
  /** A value set by the screen (not typed): saved, checked at the next submit. */
  setValue: (path: string, value: unknown) => void;
  /** Ties a path to its control, so that the first field in error can get the focus. */
  register: (path: string) => (el: HTMLElement | null) => void;
  /** A list's rows: stable keys for React, and adding or removing one. */
  rows: (path: string) => { keys: string[]; append: (row: FormValues) => void; remove: (index: number) => void };
  /** A message from elsewhere (the server's), with the focus on its field if asked. */
  setError: SetFieldError;
  /** The form's submit handler: checks everything, then runs onValid or onInvalid. */
  handleSubmit: (onValid: () => unknown, onInvalid: () => unknown) => () => Promise<void>;
}

/** The state of one section form, from its first values and its schema's check. */
export function useSectionFormState({
  defaultValues,
  validate,
  onChange,
}: {
  defaultValues: FormValues;
  validate: Validate;
  /** Every change of the values, typed or set (the autosave). */
  onChange?: (values: FormValues) => void;
}): SectionFormState {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FormErrors>({});
  // The latest values and settings, for handlers that must not change identity on every keystroke.
  const current = useRef({ values, validate, onChange, submitted: false });
  current.current.validate = validate;
  current.current.onChange = onChange;
  const elements = useRef(new Map<string, HTMLElement>());
  const rowKeys = useRef(new Map<string, string[]>());

  const focusFirst = useCallback((paths: string[]) => {
    const candidates = paths.map((p) => elements.current.get(p)).filter((el): el is HTMLElement => !!el?.isConnected);
    candidates.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    candidates[0]?.focus();
  }, []);

  const update = useCallback((next: FormValues, recheck: string | null) => {
    current.current.values = next;
    setValues(next);
    current.current.onChange?.(next);
    if (recheck === null || !current.current.submitted) return;
    const found = current.current.validate(next) ?? {};
    setErrors((prev) => {
      const out: FormErrors = {};
      // Messages of other fields stay as they were; the changed field's and its holders' follow the check.
      const touched = (key: string) => isUnder(key, recheck) || withAncestors(recheck).includes(key);
      for (const [key, message] of Object.entries(prev)) if (!touched(key)) out[key] = message;
      for (const [key, message] of Object.entries(found)) if (touched(key)) out[key] = message;
      return out;
    });
  }, []);

  const change = useCallback(
    (path: string, value: unknown) => update(withValueAt(current.current.values, path, value), path),
    [update],
  );
  const setValue = useCallback(
    (path: string, value: unknown) => update(withValueAt(current.current.values, path, value), null),
    [update],
  );

  const registrations = useRef(new Map<string, (el: HTMLElement | null) => void>());
  const register = useCallback((path: string) => {
    let ref = registrations.current.get(path);
    if (!ref) {
      ref = (el) => {
        if (el) elements.current.set(path, el);
        else elements.current.delete(path);
      };
      registrations.current.set(path, ref);
    }
    return ref;
  }, []);

  const rows = useCallback(
    (path: string) => {
      const list = (valueAt(current.current.values, path) as FormValues[] | undefined) ?? [];
      let keys = rowKeys.current.get(path) ?? [];
      if (keys.length !== list.length) {
        keys = list.map((_, i) => keys[i] ?? newRowKey());
        rowKeys.current.set(path, keys);
      }
      return {
        keys,
        append: (row: FormValues) => {
          const now = (valueAt(current.current.values, path) as FormValues[] | undefined) ?? [];
          rowKeys.current.set(path, [...(rowKeys.current.get(path) ?? []).slice(0, now.length), newRowKey()]);
          update(withValueAt(current.current.values, path, [...now, row]), path);
        },
        remove: (index: number) => {
          const now = (valueAt(current.current.values, path) as FormValues[] | undefined) ?? [];
          rowKeys.current.set(
            path,
            (rowKeys.current.get(path) ?? []).filter((_, i) => i !== index),
          );
          // The removed row's messages go, the later rows' move up with their rows.
          setErrors((prev) => shiftRowErrors(prev, path, index));
          update(
            withValueAt(
              current.current.values,
              path,
              now.filter((_, i) => i !== index),
            ),
            path,
          );
        },
      };
    },
    [update],
  );

  const setError = useCallback<SetFieldError>(
    (path, error, options) => {
      setErrors((prev) => ({ ...prev, [path]: error.message ?? '' }));
      if (options?.shouldFocus) focusFirst([path]);
    },
    [focusFirst],
  );

  const handleSubmit = useCallback(
    (onValid: () => unknown, onInvalid: () => unknown) => async () => {
      current.current.submitted = true;
      const found = current.current.validate(current.current.values);
      setErrors(found ?? {});
      if (found) {
        focusFirst(Object.keys(found));
        await onInvalid();
      } else await onValid();
    },
    [focusFirst],
  );

  const get = useCallback((path: string) => valueAt(values, path), [values]);
  return useMemo(
    () => ({ values, errors, get, change, setValue, register, rows, setError, handleSubmit }),
    [values, errors, get, change, setValue, register, rows, setError, handleSubmit],
  );
}

/** After row `index` of the list at `path` is removed: its messages go, the next rows' move up one. */
export function shiftRowErrors(errors: FormErrors, path: string, index: number): FormErrors {
  const out: FormErrors = {};
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith(prefix)) {
      out[key] = message;
      continue;
    }
    const [row, ...rest] = key.slice(prefix.length).split('.');
    const n = Number(row);
    if (!Number.isInteger(n) || n < index) out[key] = message;
    else if (n > index) out[[path, n - 1, ...rest].join('.')] = message;
  }
  return out;
}
