import { useState } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

/** Each colour fills the screen, tapped through: a dead pixel or a line shows on one of them. */
const COLOURS = ['#ff0000', '#00ff00', '#0000ff', '#ffffff', '#000000'];

/** The whole screen in each colour in turn; the person says whether they saw a dead pixel or a line (the browser cannot). */
export function ColoursStep({ done }: StepProps) {
  const t = useT();
  const [shown, setShown] = useState<number>();
  const [seen, setSeen] = useState(false);
  const next = () => {
    if (shown === undefined) return;
    if (shown + 1 < COLOURS.length) return setShown(shown + 1);
    setShown(undefined);
    setSeen(true);
    void document.exitFullscreen?.().catch(() => undefined);
  };
  const start = () => {
    setShown(0);
    // Full screen where the browser lets a page ask (after a tap); else the page's own full-window layer.
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <StepFrame
      title={t('colours.title')}
      hint={t('colours.hint')}
      onSkip={() => done({ step: 'colours', outcome: 'untested' })}
      answers={
        seen ? (
          <>
            <Button onClick={() => done({ step: 'colours', outcome: 'passed' })}>{t('colours.clean')}</Button>
            <Button variant="secondary" onClick={() => done({ step: 'colours', outcome: 'failed' })}>
              {t('colours.dead')}
            </Button>
          </>
        ) : (
          <Button onClick={start}>{t('colours.start')}</Button>
        )
      }
    >
      {shown !== undefined && (
        <button type="button" className={styles.fill} style={{ background: COLOURS[shown] }} onClick={next} aria-label={t('colours.next', { n: shown + 1, count: COLOURS.length })} data-testid="colour-fill" />
      )}
    </StepFrame>
  );
}
