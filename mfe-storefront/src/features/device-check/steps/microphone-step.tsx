import { useEffect, useRef, useState } from 'react';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';
import { useMedia } from './use-media';

/** A level this loud means the microphone heard something (speech at arm's length is well above it). */
const HEARD = 0.08;

/** The microphone's level, live: it must move when the person speaks (nothing is recorded or sent). */
export function MicrophoneStep({ done }: StepProps) {
  const t = useT();
  const media = useMedia({ audio: true, video: false });
  const [level, setLevel] = useState(0);
  const peak = useRef(0);
  const finished = useRef(false);
  useEffect(() => {
    if (media.status !== 'open') return;
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(media.stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    const listen = () => {
      analyser.getFloatTimeDomainData(samples);
      let loudest = 0;
      for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample));
      peak.current = Math.max(peak.current, Math.min(1, loudest));
      setLevel(Math.min(1, loudest));
      if (peak.current >= HEARD && !finished.current) {
        finished.current = true;
        setTimeout(() => done({ step: 'microphone', outcome: 'passed', microphone: { peak: Math.round(peak.current * 1000) / 1000 } }), 600);
      }
      frame = requestAnimationFrame(listen);
    };
    frame = requestAnimationFrame(listen);
    return () => {
      cancelAnimationFrame(frame);
      void audio.close();
    };
  }, [media, done]);
  return (
    <StepFrame
      title={t('microphone.title')}
      hint={media.status === 'refused' ? t('microphone.refused') : media.status === 'unavailable' ? t('microphone.unavailable') : t('microphone.hint')}
      onSkip={() => done(peak.current > 0 ? { step: 'microphone', outcome: 'failed', microphone: { peak: Math.round(peak.current * 1000) / 1000 } } : { step: 'microphone', outcome: 'untested' })}
    >
      {media.status === 'open' && (
        <meter className={styles.meter} min={0} max={1} low={HEARD} value={level} aria-label={t('microphone.level')} data-testid="microphone-level">
          {Math.round(level * 100)}%
        </meter>
      )}
    </StepFrame>
  );
}
