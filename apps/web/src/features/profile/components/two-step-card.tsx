import type { TwoStepEnrolment } from '@paws/contracts/two-step';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CodeEntry } from '@/components/ui/code-entry';
import { Frame } from '@/components/ui/frame';
import { Modal } from '@/components/ui/modal';
import { twoStepErrorText } from '@/lib/two-step-errors';
import {
  twoStepQueryOptions,
  useConfirmEnrolment,
  useNewRecoveryCodes,
  useStartEnrolment,
  useTurnOffTwoStep,
} from '../api/two-step';
import styles from './account-page.module.css';
import own from './two-step-card.module.css';

type Dialog =
  | { kind: 'setup'; enrolment: TwoStepEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'newCodes' }
  | { kind: 'turnOff' };

/**
 * Two-step sign-in (issue 29): turn the authenticator app on (QR code and key, then its first code), see
 * the ten recovery codes once, make new ones or turn it off with a current code.
 */
export function TwoStepCard() {
  const { t } = useTranslation();
  const id = useId();
  const { data, isError } = useQuery(twoStepQueryOptions());
  const start = useStartEnrolment();
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState('');
  const close = () => setDialog(undefined);

  const turnOn = () => {
    setNotice('');
    start.mutate(undefined, {
      onSuccess: (enrolment) => setDialog({ kind: 'setup', enrolment }),
      onError: (caught) => setNotice(twoStepErrorText(caught, t)),
    });
  };

  return (
    <Frame as="section" className={`${styles.card} ${own.twoStep}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('twoStep.title')}
      </h2>
      {isError ? <p role="alert">{t('twoStep.error')}</p> : null}
      {data ? (
        <>
          <p className={own.status}>
            <span className={`${own.badge} ${data.enabled ? own.badgeOn : ''}`}>
              {data.enabled ? t('twoStep.statusOn') : t('twoStep.statusOff')}
            </span>
            {data.enabled ? (
              <span className={styles.muted}>
                {t('twoStep.codesLeft', { count: data.recoveryCodesLeft })}
              </span>
            ) : null}
          </p>
          <p className={styles.muted}>{data.enabled ? t('twoStep.leadOn') : t('twoStep.leadOff')}</p>
          <div className={own.actions}>
            {data.enabled ? (
              <>
                <Button
                  variant="secondary"
                  className={own.wrapping}
                  onClick={() => {
                    setNotice('');
                    setDialog({ kind: 'newCodes' });
                  }}
                >
                  {t('twoStep.newCodes')}
                </Button>
                <Button
                  variant="ghost"
                  className={own.wrapping}
                  onClick={() => {
                    setNotice('');
                    setDialog({ kind: 'turnOff' });
                  }}
                >
                  {t('twoStep.turnOff')}
                </Button>
              </>
            ) : (
              <Button className={own.wrapping} onClick={turnOn} disabled={start.isPending}>
                {t('twoStep.turnOn')}
              </Button>
            )}
          </div>
        </>
      ) : null}
      <p role="status" className={styles.muted}>
        {notice}
      </p>
      {dialog?.kind === 'setup' ? (
        <SetupDialog
          enrolment={dialog.enrolment}
          onClose={close}
          onOn={(codes) => setDialog({ kind: 'codes', codes })}
        />
      ) : null}
      {dialog?.kind === 'codes' ? <CodesDialog codes={dialog.codes} onClose={close} /> : null}
      {dialog?.kind === 'newCodes' ? (
        <NewCodesDialog onClose={close} onCodes={(codes) => setDialog({ kind: 'codes', codes })} />
      ) : null}
      {dialog?.kind === 'turnOff' ? (
        <TurnOffDialog
          onClose={close}
          onOff={() => {
            close();
            setNotice(t('twoStep.turnedOff'));
          }}
        />
      ) : null}
    </Frame>
  );
}

/** Six boxes for the app's code; the server's refusal in red, in the player's language. */
function useCodeStep(send: (code: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const entry = (
    <CodeEntry
      label={t('twoStep.setupCode')}
      onComplete={async (code) => {
        setBusy(true);
        try {
          await send(code);
        } catch (caught) {
          setError(twoStepErrorText(caught, t));
        } finally {
          setBusy(false);
        }
      }}
      onChange={() => setError(undefined)}
      error={error}
      disabled={busy}
    />
  );
  return { entry, error };
}

function SetupDialog({
  enrolment,
  onClose,
  onOn,
}: {
  enrolment: TwoStepEnrolment;
  onClose: () => void;
  onOn: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmEnrolment();
  const { entry, error } = useCodeStep(async (code) => onOn((await confirm.mutateAsync(code)).recoveryCodes));
  // The key in groups of four, as authenticator apps show it.
  const key = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <Modal open onClose={onClose} title={t('twoStep.setupTitle')} state={error ? 'error' : 'active'}>
      <div className={own.body}>
        <p className={own.text}>{t('twoStep.setupScan')}</p>
        <img className={own.qr} src={enrolment.qrDataUrl} alt={t('twoStep.qrAlt')} width={184} height={184} />
        <p className={own.text}>{t('twoStep.setupKey')}</p>
        <p className={own.key} data-testid="two-step-key">
          {key}
        </p>
        <p className={own.text}>{t('twoStep.setupCode')}</p>
        {entry}
        <button type="button" className={own.cancel} onClick={onClose}>
          {t('twoStep.cancel')}
        </button>
      </div>
    </Modal>
  );
}

function CodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <Modal open onClose={onClose} title={t('twoStep.codesTitle')} state="active">
      <div className={own.body}>
        <p className={own.text}>{t('twoStep.codesLead')}</p>
        <ul className={own.codes} aria-label={t('twoStep.codesTitle')}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className={own.actions}>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? t('twoStep.copied') : t('twoStep.copy')}
          </Button>
          <Button onClick={onClose}>{t('twoStep.saved')}</Button>
        </div>
      </div>
    </Modal>
  );
}

function NewCodesDialog({ onClose, onCodes }: { onClose: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const make = useNewRecoveryCodes();
  const { entry, error } = useCodeStep(async (code) => onCodes((await make.mutateAsync(code)).recoveryCodes));
  return (
    <Modal open onClose={onClose} title={t('twoStep.newCodes')} state={error ? 'error' : 'active'}>
      <div className={own.body}>
        <p className={own.text}>{t('twoStep.newCodesLead')}</p>
        {entry}
        <button type="button" className={own.cancel} onClick={onClose}>
          {t('twoStep.cancel')}
        </button>
      </div>
    </Modal>
  );
}

function TurnOffDialog({ onClose, onOff }: { onClose: () => void; onOff: () => void }) {
  const { t } = useTranslation();
  const turnOff = useTurnOffTwoStep();
  const { entry, error } = useCodeStep(async (code) => {
    await turnOff.mutateAsync(code);
    onOff();
  });
  return (
    <Modal open onClose={onClose} title={t('twoStep.offTitle')} state={error ? 'error' : 'active'}>
      <div className={own.body}>
        <p className={own.text}>{t('twoStep.offLead')}</p>
        {entry}
        <button type="button" className={own.cancel} onClick={onClose}>
          {t('twoStep.cancel')}
        </button>
      </div>
    </Modal>
  );
}
