import { isApiClientError } from '@/lib/api-client';

/**
 * Spec 000 §5/§8: a server message about the e-mail, phone or password goes on that field, others at the
 * form root. The server names the field when it knows it; otherwise the message's words decide.
 */
export function fieldOfServerError<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!isApiClientError(error)) return undefined;
  if (error.field && (fields as readonly string[]).includes(error.field)) return error.field as F;
  const message = error.message.toLowerCase();
  const mentions: Record<string, RegExp> = {
    email: /e-?mail/,
    phone: /phone/,
    password: /password/,
    newPassword: /password/,
  };
  return fields.find((field) => mentions[field]?.test(message));
}

export const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
