import { useEffect, useRef } from 'react';
import { Button } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { largestPicture, type CameraFact } from '../facts';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';
import { useMedia } from './use-media';

/**
 * One camera, live on the screen (nothing recorded or sent): its largest picture read from the camera itself, and the
 * person says whether the picture is sharp. `facing`: the front camera (user) or the back one (environment).
 */
export function CameraStep({ done, facing }: StepProps & { facing: 'user' | 'environment' }) {
  const t = useT();
  const step = facing === 'user' ? 'front-camera' : 'back-camera';
  const media = useMedia({ video: { facingMode: { ideal: facing } }, audio: false });
  const video = useRef<HTMLVideoElement>(null);
  const track = media.status === 'open' ? media.stream.getVideoTracks()[0] : undefined;
  useEffect(() => {
    if (video.current && media.status === 'open') video.current.srcObject = media.stream;
  }, [media]);
  const picture = track ? largestPicture(track) : undefined;
  const said = track?.getSettings().facingMode;
  const camera: CameraFact | undefined = picture && { facing: said === 'user' || said === 'environment' ? said : 'unknown', ...picture };
  return (
    <StepFrame
      title={t(facing === 'user' ? 'camera.front' : 'camera.back')}
      hint={media.status === 'refused' ? t('camera.refused') : media.status === 'unavailable' ? t('camera.unavailable') : t('camera.hint')}
      onSkip={() => done({ step, outcome: 'untested' })}
      answers={
        camera && (
          <>
            <Button onClick={() => done({ step, outcome: 'passed', camera: picture! }, camera)}>{t('camera.sharp')}</Button>
            <Button variant="secondary" onClick={() => done({ step, outcome: 'failed', camera: picture! }, camera)}>
              {t('camera.broken')}
            </Button>
          </>
        )
      }
    >
      {media.status === 'open' && (
        <>
          <video ref={video} className={styles.preview} autoPlay playsInline muted aria-label={t('camera.preview')} />
          {picture && <p className={styles.progress}>{t('camera.resolution', { width: picture.width, height: picture.height, mp: Math.round((picture.width * picture.height) / 100_000) / 10 })}</p>}
        </>
      )}
    </StepFrame>
  );
}
