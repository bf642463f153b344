import { useEffect, useRef, useState } from 'react';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

interface Battery extends EventTarget {
  charging: boolean;
  level: number;
}

/**
 * Charging: plugged in, the browser's battery says it charges (Chrome on Android). Where the browser cannot tell (Safari,
 * Firefox), the step says so and is not tested. Never the battery's health: no browser reads it.
 */
export function ChargingStep({ done }: StepProps) {
  const t = useT();
  const getBattery = (navigator as Navigator & { getBattery?: () => Promise<Battery> }).getBattery;
  const [battery, setBattery] = useState<Battery | null>();
  const finished = useRef(false);
  useEffect(() => {
    if (!getBattery) return setBattery(null);
    let current = true;
    let watched: Battery | undefined;
    const check = () => {
      if (!watched?.charging || finished.current) return;
      finished.current = true;
      const level = Math.round(watched.level * 100) / 100;
      setTimeout(() => done({ step: 'charging', outcome: 'passed', charging: { charging: true, level } }), 400);
    };
    getBattery.call(navigator).then(
      (found) => {
        if (!current) return;
        watched = found;
        setBattery(found);
        found.addEventListener('chargingchange', check);
        check();
      },
      () => current && setBattery(null),
    );
    return () => {
      current = false;
      watched?.removeEventListener('chargingchange', check);
    };
  }, [getBattery, done]);
  const skip = () => done(battery ? { step: 'charging', outcome: 'failed', charging: { charging: false, level: Math.round(battery.level * 100) / 100 } } : { step: 'charging', outcome: 'untested' });
  return (
    <StepFrame title={t('charging.title')} hint={battery === null ? t('charging.cannot') : t('charging.hint')} onSkip={battery ? () => done({ step: 'charging', outcome: 'untested' }) : skip}>
      {battery && (
        <p className={styles.progress} aria-live="polite">
          {t(battery.charging ? 'charging.yes' : 'charging.waiting', { level: Math.round(battery.level * 100) })}
        </p>
      )}
    </StepFrame>
  );
}
