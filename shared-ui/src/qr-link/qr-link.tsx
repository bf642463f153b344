import { useEffect, useState } from 'react';
import { Button } from '../button/button';
import { formatDate } from '../i18n/format';
import styles from './qr-link.module.css';
import { useT } from '../i18n/ui-catalog';

/**
 * A link to open on another phone (issue 68: the phone being sold, or the one in the buyer's hand): its QR code, the
 * address to type or share, and until when it works. The QR encoder (qrcode) loads with the first one shown.
 */
export function QrLink({ url, expiresAt, label }: { url: string; expiresAt: string; label: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string>();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toString }) =>
      toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
        (drawn) => current && setSvg(drawn),
        () => undefined,
      ),
    );
    return () => {
      current = false;
    };
  }, [url]);
  const copy = () => void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => undefined);
  return (
    <div className={styles.panel}>
      {svg ? <img className={styles.code} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={220} height={220} /> : <div className={styles.code} aria-hidden="true" />}
      <p className={styles.address}>
        <a href={url} translate="no" data-testid="check-link">
          {url}
        </a>
      </p>
      <p className={styles.expires}>{t('qr.expires', { time: formatDate(expiresAt, { hour: 'numeric', minute: '2-digit' }) })}</p>
      <Button size="sm" variant="secondary" onClick={copy}>
        {t(copied ? 'qr.copied' : 'qr.copy')}
      </Button>
    </div>
  );
}
