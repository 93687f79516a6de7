import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver from a contracts schema: the form's values are turned into the request body
 * (`toBody`), checked with the same schema the server uses, and each issue lands on the form field its
 * body field came from (`fieldOf`), first message first.
 */
export function schemaResolver<T extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: T) => unknown,
  fieldOf: (bodyField: string) => string = (field) => field,
): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
