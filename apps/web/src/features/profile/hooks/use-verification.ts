import {
  VERIFICATION_MESSAGE_TYPE,
  type VerificationMessage,
  verificationSessionStatuses,
} from '@paws/contracts/verification';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
// The verification state lives in the session's user data (src/lib/session); every result must refresh it.
import { userDataQueryOptions } from '@/lib/session/user-data';
import { getVerificationSession } from '../api/get-verification-session';

export type VerificationNotice = 'success' | 'canceled' | 'error' | 'initFailure';

const POPUP_NAME = 'paws-verification';
const POPUP_FEATURES = 'popup,width=480,height=760';

/** Spec 001 §4: STARTED has no visible effect. */
const noticeOf: Partial<Record<VerificationMessage['status'], VerificationNotice>> = {
  FINISHED: 'success',
  CANCELED: 'canceled',
  ERROR: 'error',
};

function isVerificationMessage(data: unknown): data is VerificationMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, status } = data as Record<string, unknown>;
  return type === VERIFICATION_MESSAGE_TYPE && verificationSessionStatuses.includes(status as never);
}

/**
 * Starts identity verification in a popup and follows what its page posts back (spec 001 §4): each result
 * shows its notice and refreshes user data; FINISHED also closes the popup. Only messages from the
 * provider page's origin and from the popup itself are heard.
 */
export function useVerification() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<VerificationNotice>();
  const [starting, setStarting] = useState(false);
  const popup = useRef<Window | null>(null);
  const origin = useRef<string | undefined>(undefined);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!origin.current || event.origin !== origin.current) return;
      if (!popup.current || event.source !== popup.current) return;
      if (!isVerificationMessage(event.data)) return;
      // Every message may follow a change of state (STARTED also comes when the document is handed in).
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
      const next = noticeOf[event.data.status];
      if (!next) return;
      setNotice(next);
      if (event.data.status === 'FINISHED') {
        popup.current.close();
        popup.current = null;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  const start = useCallback(async () => {
    setNotice(undefined);
    setStarting(true);
    // Opened inside the click, before the request, so that popup blockers let it through.
    const opened = window.open('', POPUP_NAME, POPUP_FEATURES);
    try {
      const { verificationUrl } = await getVerificationSession();
      const url = new URL(verificationUrl, window.location.href);
      origin.current = url.origin;
      if (opened && !opened.closed) {
        opened.location.href = url.href;
        popup.current = opened;
      } else {
        popup.current = window.open(url.href, POPUP_NAME, POPUP_FEATURES);
      }
    } catch (error) {
      console.error('Starting verification failed', error);
      opened?.close();
      setNotice('initFailure');
      // Refused because the state moved on (in review, verified elsewhere): the card shows where it is.
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
    } finally {
      setStarting(false);
    }
  }, [queryClient]);

  return { start, starting, notice };
}
