import { useState } from 'react';
import { fieldErrorsOf } from '../lib/api-error';

/** zod issues → the first message per top-level field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

type Issue = { path: readonly PropertyKey[]; message: string };
/** What a contract schema's `safeParse` answers, as far as a form needs it. */
type Checker = { safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly Issue[] } } };

/**
 * A form's values and its field messages: the form's own (`setErrors`, after checking) first, then the server's
 * for the same field. Changing a field drops its message and the request's failure.
 */
export function useFormFields<F extends object>(
  initial: F | (() => F),
  request: { error: unknown; isError: boolean; reset: () => void },
) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = fieldErrorsOf(request.error);
  return {
    form,
    setErrors,
    err: (field: keyof F & string): string | undefined => errors[field] ?? server[field],
    set: <K extends keyof F & string>(field: K, value: F[K]) => {
      setForm((f) => ({ ...f, [field]: value }));
      setErrors(({ [field]: _drop, ...rest }) => rest);
      if (request.isError) request.reset();
    },
    /**
     * Checks a request body with the contract's schema, adding the form's own `extra` messages; shows what it found
     * under the fields and says whether the body may be sent.
     */
    check: (schema: Checker, body: unknown, extra: Record<string, string> = {}): boolean => {
      const checked = schema.safeParse(body);
      const found = { ...(checked.success ? {} : issuesByField(checked.error?.issues ?? [])), ...extra };
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** Back to the initial values, without messages. */
    clear: () => {
      setForm(initial);
      setErrors({});
    },
  };
}
