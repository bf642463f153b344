import { useEffect, useState } from 'react';
import type { DeviceFacts } from '@phonehaat/shared-api';
import { factsRead } from '@phonehaat/shared-api/device-compare';
import { readDeviceFacts } from '../facts';
import { useT } from '../i18n';
import styles from './device-check.module.css';

/**
 * What this phone's browser says of it, as the report keeps it (the cameras are read in their own steps): a person sees
 * what is recorded, and what is not (the IMEI, the battery's health, a lock).
 */
export function PhoneFacts() {
  const t = useT();
  const [facts, setFacts] = useState<DeviceFacts>();
  useEffect(() => {
    let current = true;
    void readDeviceFacts([]).then((read) => current && setFacts(read));
    return () => {
      current = false;
    };
  }, []);
  if (!facts) return null;
  return (
    <details className={styles.facts}>
      <summary>{t('facts.title')}</summary>
      <dl data-testid="phone-facts" data-facts={JSON.stringify(facts)}>
        {factsRead(facts).map(({ fact, value }) => (
          <div key={fact}>
            <dt>{t(`fact.${fact}` as 'fact.screen')}</dt>
            <dd translate="no">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{t('facts.never')}</p>
    </details>
  );
}
