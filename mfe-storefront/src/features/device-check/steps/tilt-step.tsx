import { useEffect, useRef, useState } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

/** A tilt this far from where it started means the motion sensors answer. */
const TILTED = 25;

type Permissioned = typeof DeviceOrientationEvent & { requestPermission?: () => Promise<'granted' | 'denied'> };

/**
 * The motion sensors: the person tilts the phone and the angle follows. Safari on an iPhone asks permission first, after
 * a tap (requestPermission); other browsers report at once.
 */
export function TiltStep({ done }: StepProps) {
  const t = useT();
  const Orientation = (typeof DeviceOrientationEvent === 'undefined' ? undefined : DeviceOrientationEvent) as Permissioned | undefined;
  const needsPermission = typeof Orientation?.requestPermission === 'function';
  const [listening, setListening] = useState(!needsPermission && Orientation !== undefined);
  const [angle, setAngle] = useState(0);
  const first = useRef<{ beta: number; gamma: number } | undefined>(undefined);
  const finished = useRef(false);
  useEffect(() => {
    if (!listening) return;
    const onTilt = (event: DeviceOrientationEvent) => {
      if (event.beta === null || event.gamma === null) return;
      first.current ??= { beta: event.beta, gamma: event.gamma };
      const degrees = Math.round(Math.max(Math.abs(event.beta - first.current.beta), Math.abs(event.gamma - first.current.gamma)));
      setAngle((current) => Math.max(current, degrees));
      if (degrees >= TILTED && !finished.current) {
        finished.current = true;
        setTimeout(() => done({ step: 'tilt', outcome: 'passed', tilt: { degrees: Math.min(360, degrees) } }), 400);
      }
    };
    window.addEventListener('deviceorientation', onTilt);
    return () => window.removeEventListener('deviceorientation', onTilt);
  }, [listening, done]);
  const ask = async () => {
    const answer = await Orientation?.requestPermission?.().catch(() => 'denied' as const);
    if (answer === 'granted') setListening(true);
    else done({ step: 'tilt', outcome: 'untested' });
  };
  return (
    <StepFrame
      title={t('tilt.title')}
      hint={Orientation === undefined ? t('tilt.cannot') : t('tilt.hint')}
      onSkip={() => done(angle > 0 ? { step: 'tilt', outcome: 'failed', tilt: { degrees: angle } } : { step: 'tilt', outcome: 'untested' })}
      answers={needsPermission && !listening && <Button onClick={() => void ask()}>{t('tilt.allow')}</Button>}
    >
      {listening && (
        <p className={styles.progress} aria-live="polite" data-testid="tilt-angle">
          {t('tilt.angle', { degrees: angle })}
        </p>
      )}
    </StepFrame>
  );
}
