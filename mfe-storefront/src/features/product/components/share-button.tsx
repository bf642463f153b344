import { useEffect, useState } from 'react';
import { useHref, useLocation } from 'react-router-dom';
import { Button, formatTaka, notify } from '@phonehaat/shared-ui';
import { useT } from '../i18n';
import styles from './share-button.module.css';

/**
 * Share this phone (issue 48): listings travel as links in WhatsApp, Messenger and Facebook groups. Where the device
 * shares itself (the Web Share API, most phones) one button opens its own sheet; elsewhere WhatsApp, Facebook and
 * Copy link. The link is the page's own address, in the page's language.
 */
export function ShareButton({ name, price }: { name: string; price: number }) {
  const t = useT();
  const location = useLocation();
  // The address as the browser shows it, with the router's basename: a Bangla page shares its /bn/ address, so the
  // friend's preview is in Bangla (issue 65).
  const path = useHref({ pathname: location.pathname, search: location.search });
  // Known only in the browser, after the first render (the server's page has the links): no mismatch on hydration.
  const [native, setNative] = useState(false);
  const [url, setUrl] = useState(path);
  useEffect(() => {
    setNative(typeof navigator.share === 'function');
    setUrl(new URL(path, window.location.origin).href);
  }, [path]);
  const text = t('share.text', { name, price: formatTaka(price) });

  const shareNatively = () => {
    navigator.share({ title: name, text, url }).catch((error: unknown) => {
      // Closing the sheet is not a failure.
      if ((error as Error).name !== 'AbortError') notify.error(t('share.failed'));
    });
  };
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => notify.success(t('share.copied')),
      () => notify.error(t('share.copyFailed')),
    );
  };

  if (native) {
    return (
      <Button variant="secondary" size="md" className={styles.share} onClick={shareNatively}>
        {t('share.button')}
      </Button>
    );
  }
  return (
    <div className={styles.links} role="group" aria-label={t('share.label')}>
      <a className={styles.link} href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`} target="_blank" rel="noopener noreferrer">
        {t('share.whatsapp')}
      </a>
      <a className={styles.link} href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer">
        {t('share.facebook')}
      </a>
      <button type="button" className={styles.link} onClick={copy}>
        {t('share.copy')}
      </button>
    </div>
  );
}
