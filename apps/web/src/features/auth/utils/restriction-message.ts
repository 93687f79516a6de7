import { banInfoSchema } from '@paws/contracts/bans';
import { NATIONAL_REGISTER_REASON, restrictionMessages } from '@paws/contracts/responsible-gaming';
import type { TFunction } from 'i18next';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/**
 * A time-out, a self-exclusion or the national self-exclusion register refuses sign-in: said in the
 * player's language, with until when. Undefined for any other error.
 */
export function restrictionMessage(error: unknown, t: TFunction): string | undefined {
  if (!isApiClientError(error)) return undefined;
  if (error.status === 503 && error.message === restrictionMessages.registerUnavailable)
    return t('responsibleGaming.signInRefused.registerUnavailable');
  if (error.status !== 403) return undefined;
  const parsed = banInfoSchema.safeParse(error.details.ban);
  if (!parsed.success || !parsed.data.kind) return undefined;
  const { kind, endsAt, returnAllowedAt, reason } = parsed.data;
  if (kind === 'TIME_OUT')
    return t('responsibleGaming.signInRefused.timeOut', { at: formatDateTime(endsAt) });
  if (reason === NATIONAL_REGISTER_REASON && !endsAt)
    return t('responsibleGaming.signInRefused.nationalRegister');
  return endsAt
    ? t('responsibleGaming.signInRefused.excludedUntil', { at: formatDateTime(endsAt) })
    : t('responsibleGaming.signInRefused.excluded', { at: formatDateTime(returnAllowedAt) });
}
