import { useEffect, useState } from 'react';

export type MediaState = { status: 'asking' } | { status: 'open'; stream: MediaStream } | { status: 'refused' } | { status: 'unavailable' };

/**
 * A camera or the microphone, opened for its step and closed when the step ends: nothing it sees or hears leaves the
 * phone (no picture or sound is sent anywhere).
 */
export function useMedia(constraints: MediaStreamConstraints): MediaState {
  const [state, setState] = useState<MediaState>({ status: 'asking' });
  const key = JSON.stringify(constraints);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let current = true;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'unavailable' });
      return;
    }
    navigator.mediaDevices.getUserMedia(JSON.parse(key) as MediaStreamConstraints).then(
      (opened) => {
        stream = opened;
        if (current) setState({ status: 'open', stream: opened });
        else opened.getTracks().forEach((track) => track.stop());
      },
      (error: DOMException) => current && setState({ status: error.name === 'NotAllowedError' ? 'refused' : 'unavailable' }),
    );
    return () => {
      current = false;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [key]);
  return state;
}
