import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RETURN_TO_PARAM, safeReturnTo } from '@/lib/auth-modal-state';
import { markSignedIn } from '@/lib/session/use-session';
import { type SignInKind, verifySignIn } from '../api/verify-sign-in';

/** Posts the link's token to the verify call, then back to the screen that asked for it (else home), signed in. */
export function useSignInFromLink(kind: SignInKind) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM));
  return useCallback(async () => {
    if (!token) throw new Error(t('auth.links.missingToken'));
    await verifySignIn(kind, { token });
    await markSignedIn(queryClient);
    await navigate(returnTo ?? paths.home.getHref(), { replace: true });
    return undefined;
  }, [kind, token, returnTo, navigate, queryClient, t]);
}
