import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * react-hook-form checked by a contracts schema: the form's values become the request body (`toBody`), the
 * schema validates it, and each issue lands on the field its path names (the first issue per field), with
 * the same message the server would answer.
 */
export function zodResolver<Values extends FieldValues>(
  schema: ZodType,
  toBody: (values: Values) => unknown = (values) => values,
): Resolver<Values> {
  return async (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
