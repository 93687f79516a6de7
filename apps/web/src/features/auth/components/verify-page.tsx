import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { activateAuthToken } from '@/lib/session/auth-token';
import { markSignedIn } from '@/lib/session/use-session';
import { LinkLanding } from './link-landing';

/**
 * /verify on the platform: the landing app's handover. It activates the single-use authToken (a session
 * on this origin), then opens the game when the game fields came along, else home. fromPWA travels on
 * so the shell can show its added-to-home-screen notice.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useCallback(async () => {
    const authToken = params.get('authToken');
    if (!authToken) throw new Error(t('auth.links.missingToken'));
    await activateAuthToken(authToken);
    await markSignedIn(queryClient);
    const gameCode = params.get('gameCode');
    const providerCodeName = params.get('providerCodeName');
    const fromPWA = params.get('fromPWA') === 'true' ? '?fromPWA=true' : '';
    const target =
      gameCode && providerCodeName
        ? paths.game.getHref({ gameCode, providerCodeName, title: params.get('title') ?? '' })
        : paths.home.getHref();
    const suffix = fromPWA && target.includes('?') ? '&fromPWA=true' : fromPWA;
    await navigate(`${target}${suffix}`, { replace: true });
    return undefined;
  }, [params, navigate, queryClient, t]);
  return <LinkLanding title={t('pages.verify.heading')} lead={t('pages.verify.lead')} action={action} />;
}
