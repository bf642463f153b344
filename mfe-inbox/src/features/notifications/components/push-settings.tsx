import { useEffect, useState } from 'react';
import type { PushDevice, PushSubscriptionBody } from '@phonehaat/shared-api';
import { ApiRequestError, updateRead, useAction, useApiQuery } from '@phonehaat/shared-data';
import { notify, Skeleton } from '@phonehaat/shared-ui';
import { removePushDevice, savePushDevice } from '../api/push';
import { currentSubscription, PushRefused, pushSupport, subscribeThisBrowser, type PushSupport } from '../push-device';
import { useT } from '../i18n';
import styles from './email-settings.module.css';

/**
 * "Pushes on this device" (issue 48): messages, bookings, payments, offers and parcels arrive as notifications on this
 * phone or computer even with PhoneHaat closed. On asks the browser (its own prompt), subscribes it and tells the API;
 * off tells the API first (no more pushes are sent), then drops the browser's subscription. Where pushes are not
 * offered (no VAPID key) the section is not shown; where the browser cannot or may not, it says so.
 */
export function PushSettings() {
  const t = useT();
  const key = useApiQuery('getPushKey');
  const devices = useApiQuery('listPushDevices');
  // Read in the browser only: the server's render knows neither the browser nor its permission.
  const [support, setSupport] = useState<PushSupport | undefined>();
  const [endpoint, setEndpoint] = useState<string | null | undefined>();
  useEffect(() => {
    setSupport(pushSupport());
    currentSubscription().then(
      (subscription) => setEndpoint(subscription?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);
  const switching = useAction(async (on: boolean, mine: PushDevice | undefined, publicKey: string) => {
    if (on) {
      const subscription = await subscribeThisBrowser(publicKey);
      const saved = await savePushDevice(subscription.toJSON() as PushSubscriptionBody);
      updateRead('listPushDevices', undefined, (current) => ({ items: [saved, ...current.items.filter((item) => item._id !== saved._id)] }));
      setEndpoint(subscription.endpoint);
      return t('push.turnedOn');
    }
    if (mine) {
      await removePushDevice(mine._id);
      updateRead('listPushDevices', undefined, (current) => ({ items: current.items.filter((item) => item._id !== mine._id) }));
    }
    await (await currentSubscription())?.unsubscribe();
    setEndpoint(null);
    return t('push.turnedOff');
  });

  if (key.status === 'error' && key.error instanceof ApiRequestError && key.error.status === 404) return null;
  const loading = key.status === 'pending' || devices.status === 'pending' || support === undefined || endpoint === undefined;
  const mine = devices.data?.items.find((device) => device.endpoint === endpoint);
  const toggle = async (on: boolean) => {
    try {
      notify.success(await switching.run(on, mine, key.data!.publicKey));
    } catch (error) {
      if (error instanceof PushRefused && error.reason === 'blocked') setSupport('blocked');
      notify.error(error instanceof PushRefused ? t(error.reason === 'blocked' ? 'push.blocked' : 'push.noWorker') : error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section className={styles.box} aria-labelledby="push-settings">
      <h2 id="push-settings" className={styles.heading}>
        {t('push.title')}
      </h2>
      <p className={styles.hint}>{t('push.hint')}</p>
      {key.status === 'error' || devices.status === 'error' ? (
        <p role="alert">{(key.error ?? devices.error)?.message}</p>
      ) : loading ? (
        <Skeleton height={44} />
      ) : support === 'unsupported' ? (
        <p className={styles.hint}>{t('push.unsupported')}</p>
      ) : (
        <>
          <label className={styles.option}>
            {/* Shows what was asked while it is being done (the browser's prompt, the subscription), then what is. */}
            <input type="checkbox" role="switch" checked={switching.pending ? switching.pending[0] : Boolean(mine)} disabled={switching.busy || (support === 'blocked' && !mine)} onChange={(event) => void toggle(event.target.checked)} />
            <span>{t('push.label')}</span>
          </label>
          {support === 'blocked' && <p className={styles.hint}>{t('push.blocked')}</p>}
        </>
      )}
    </section>
  );
}
