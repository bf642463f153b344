import { useState, type FormEvent } from 'react';
import { asciiDigits, Button, TextField, useLanguage } from '@phonehaat/shared-ui';
import { StepFrame } from '../components/step-frame';
import { useT } from '../i18n';
import styles from '../components/device-check.module.css';
import type { StepProps } from './step-props';

/** Each digit as that many short beeps (zero as one long one), a second apart: what the ear can count without a voice. */
async function beep(digits: string) {
  const audio = new AudioContext();
  let at = audio.currentTime + 0.2;
  for (const digit of digits) {
    const count = Number(digit);
    for (let i = 0; i < Math.max(1, count); i++) {
      const tone = audio.createOscillator();
      tone.frequency.value = 880;
      tone.connect(audio.destination);
      const length = count === 0 ? 0.7 : 0.12;
      tone.start(at);
      tone.stop(at + length);
      at += length + 0.18;
    }
    at += 0.9;
  }
  await new Promise((resolve) => setTimeout(resolve, (at - audio.currentTime) * 1000));
  await audio.close();
}

/** The digits spoken where the browser has a voice for the page's language (or English), else as beeps to count. */
function play(digits: string, language: string): 'spoken' | 'beeped' {
  const voices = typeof speechSynthesis === 'undefined' ? [] : speechSynthesis.getVoices();
  const voice = voices.find((one) => one.lang.startsWith(language)) ?? voices.find((one) => one.lang.startsWith('en'));
  if (!voice) {
    void beep(digits);
    return 'beeped';
  }
  const utterance = new SpeechSynthesisUtterance(digits.split('').join(', '));
  utterance.voice = voice;
  utterance.rate = 0.8;
  speechSynthesis.speak(utterance);
  return 'spoken';
}

/** Three digits played through the speaker, typed back by the person (the API judges them). */
export function SpeakerStep({ done, digits }: StepProps) {
  const t = useT();
  const language = useLanguage();
  const [played, setPlayed] = useState<'spoken' | 'beeped'>();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = asciiDigits(typed).replace(/\D/g, '');
    if (answer.length !== 3) return setProblem(t('speaker.threeDigits'));
    done({ step: 'speaker', outcome: answer === digits ? 'passed' : 'failed', speaker: { typed: answer } });
  };
  return (
    <StepFrame title={t('speaker.title')} hint={played === 'beeped' ? t('speaker.hintBeeps') : t('speaker.hint')} onSkip={() => done({ step: 'speaker', outcome: 'untested' })}>
      <Button variant="secondary" onClick={() => setPlayed(play(digits, language))}>
        {t(played ? 'speaker.again' : 'speaker.play')}
      </Button>
      {played && (
        <form className={styles.inline} onSubmit={submit} noValidate>
          <TextField label={t('speaker.typed')} inputMode="numeric" maxLength={3} value={typed} onChange={(event) => setTyped(event.target.value)} error={problem} autoFocus />
          <Button type="submit">{t('speaker.send')}</Button>
        </form>
      )}
    </StepFrame>
  );
}
