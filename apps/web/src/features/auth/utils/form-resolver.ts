import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a contracts schema. `pick` chooses the schema (by tab and mode) and
 * turns what the inputs hold into what it checks (prefix + masked number into one phone, for example).
 * The first issue per field is the one shown.
 */
export function schemaResolver<V extends FieldValues, C = undefined>(
  pick: (values: V, context: C) => { schema: z.ZodType; input: unknown },
): Resolver<V, C> {
  return async (values, context) => {
    const { schema, input } = pick(values, context as C);
    const result = await schema.safeParseAsync(input);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? String(issue.path[0]) : 'root';
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
