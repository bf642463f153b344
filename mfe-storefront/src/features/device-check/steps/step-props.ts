import type { StepResult } from '@phonehaat/shared-api';
import type { CameraFact } from '../facts';

/** What a step is told: to finish with its result (the cameras' steps add what they read of the camera). */
export interface StepProps {
  done(result: StepResult, camera?: CameraFact): void;
  /** The handover's subset: fewer cells to touch. */
  short: boolean;
  /** The speaker's three digits (the speaker step plays them). */
  digits: string;
}
