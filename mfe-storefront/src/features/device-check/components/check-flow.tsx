import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckRecorded, CheckSession, StepResult } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button } from '@phonehaat/shared-ui';
import { readDeviceFacts, type CameraFact } from '../facts';
import { recordCheck } from '../api/record-check';
import { useT } from '../i18n';
import { CameraStep } from '../steps/camera-step';
import { ChargingStep } from '../steps/charging-step';
import { ColoursStep } from '../steps/colours-step';
import { ImeiStep } from '../steps/imei-step';
import { MicrophoneStep } from '../steps/microphone-step';
import { SpeakerStep } from '../steps/speaker-step';
import type { StepProps } from '../steps/step-props';
import { TiltStep } from '../steps/tilt-step';
import { TouchStep } from '../steps/touch-step';
import { VibrationStep } from '../steps/vibration-step';
import { CheckResult } from './check-result';
import { PhoneFacts } from './phone-facts';
import styles from './device-check.module.css';

const STEPS = {
  touch: TouchStep,
  colours: ColoursStep,
  'front-camera': (props: StepProps) => <CameraStep {...props} facing="user" />,
  'back-camera': (props: StepProps) => <CameraStep {...props} facing="environment" />,
  microphone: MicrophoneStep,
  speaker: SpeakerStep,
  vibration: VibrationStep,
  tilt: TiltStep,
  charging: ChargingStep,
} as const;

/**
 * The check, one step a screen (each may be skipped: "cannot test"), then what it found, sent once. A listing's check
 * asks the seller's word that the phone's lock is off (a browser cannot see it); a handover's is compared with the
 * listing's report by the API, which answers whether this is the phone that was tested.
 */
export function CheckFlow({ token, session }: { token: string; session: CheckSession }) {
  const t = useT();
  const [index, setIndex] = useState(-1);
  const [lockOff, setLockOff] = useState(false);
  const [recorded, setRecorded] = useState<CheckRecorded>();
  const [problem, setProblem] = useState<string>();
  const results = useRef<StepResult[]>([]);
  const cameras = useRef<CameraFact[]>([]);
  const imei = useRef<string | undefined>(undefined);
  const started = useRef(0);
  const sending = useAction(recordCheck);
  const done = useCallback((result: StepResult, camera?: CameraFact) => {
    results.current = [...results.current.filter((one) => one.step !== result.step), result];
    if (camera) cameras.current = [...cameras.current, camera];
    setIndex((current) => current + 1);
  }, []);
  // Each step's heading takes the focus as it shows, so a screen reader (and a person) starts there.
  useEffect(() => {
    if (index >= 0) document.getElementById('step-title')?.focus();
  }, [index]);

  const send = async () => {
    setProblem(undefined);
    try {
      const facts = await readDeviceFacts(cameras.current);
      const body = { steps: results.current, facts, imei: imei.current, lockOff: session.purpose === 'listing' ? lockOff : undefined, seconds: Math.round((Date.now() - started.current) / 1000) };
      setRecorded(await sending.run(token, body));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('send.failed'));
    }
  };

  if (recorded) return <CheckResult recorded={recorded} />;
  if (index < 0) {
    return (
      <section className={styles.step} aria-labelledby="step-title">
        <h2 id="step-title" className={styles.stepTitle}>
          {t(session.purpose === 'listing' ? 'intro.title' : 'intro.handoverTitle', { name: session.listing.name })}
        </h2>
        <p className={styles.hint}>{t(session.purpose === 'listing' ? 'intro.hint' : 'intro.handoverHint', { count: session.steps.length })}</p>
        <p className={styles.note}>{t('intro.private')}</p>
        <Button
          onClick={() => {
            started.current = Date.now();
            setIndex(0);
          }}
        >
          {t('intro.start')}
        </Button>
        <PhoneFacts />
      </section>
    );
  }
  const step = session.steps[index];
  if (step !== undefined) {
    const progress = (
      <p className={styles.count} aria-live="polite">
        {t('step.of', { n: index + 1, count: session.steps.length })}
      </p>
    );
    const props: StepProps = { done, short: session.purpose === 'handover', digits: session.speakerDigits };
    if (step === 'imei')
      return (
        <>
          {progress}
          <ImeiStep {...props} imei={(value) => (imei.current = value)} />
        </>
      );
    const Step = STEPS[step];
    return (
      <>
        {progress}
        <Step key={step} {...props} />
      </>
    );
  }
  return (
    <section className={styles.step} aria-labelledby="step-title">
      <h2 id="step-title" className={styles.stepTitle} tabIndex={-1}>
        {t('send.title')}
      </h2>
      {session.purpose === 'listing' && (
        <label className={styles.lock}>
          <input type="checkbox" checked={lockOff} onChange={(event) => setLockOff(event.target.checked)} />
          <span>{t('send.lockOff')}</span>
        </label>
      )}
      <p className={styles.note}>{t('send.note')}</p>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <Button loading={sending.busy} onClick={() => void send()}>
        {t('send.button')}
      </Button>
    </section>
  );
}
