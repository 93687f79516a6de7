import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { type ZodType, z } from 'zod';

/**
 * react-hook-form checked with a contract's own zod schema, so a form shows the server's messages before it
 * sends anything: the form's values become the request body (`toBody`) for the schema to read, and
 * `fieldOf` names the form field a body field came from when the two differ.
 */
export function contractResolver<Values extends FieldValues>(
  schema: ZodType,
  toBody: (values: Values) => unknown = (values) => values,
  fieldOf: Record<string, string> = {},
): Resolver<Values> {
  const body = z.preprocess((values) => toBody(values as Values), schema) as unknown as z.ZodType<
    FieldValues,
    FieldValues
  >;
  const resolve = zodResolver(body, undefined, { raw: true }) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => [fieldOf[field] ?? field, error]),
    );
    return { ...result, errors: errors as FieldErrors<Values> } as Awaited<ReturnType<Resolver<Values>>>;
  };
}
