import { useState } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import type { StepProps } from './step-props';

/** The phone buzzes where the browser lets a page vibrate it (Android's Chrome; not iPhones): the person says if they felt it. */
export function VibrationStep({ done }: StepProps) {
  const t = useT();
  const can = typeof navigator.vibrate === 'function';
  const [buzzed, setBuzzed] = useState(false);
  return (
    <StepFrame
      title={t('vibration.title')}
      hint={can ? t('vibration.hint') : t('vibration.cannot')}
      onSkip={() => done({ step: 'vibration', outcome: 'untested' })}
      answers={
        can &&
        (buzzed ? (
          <>
            <Button onClick={() => done({ step: 'vibration', outcome: 'passed' })}>{t('vibration.felt')}</Button>
            <Button variant="secondary" onClick={() => done({ step: 'vibration', outcome: 'failed' })}>
              {t('vibration.nothing')}
            </Button>
          </>
        ) : (
          <Button onClick={() => setBuzzed(navigator.vibrate([300, 150, 300]) || true)}>{t('vibration.start')}</Button>
        ))
      }
    />
  );
}
