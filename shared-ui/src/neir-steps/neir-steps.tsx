import { useT } from '../delivery/i18n';
import styles from './neir-steps.module.css';

const code = (text: string) => (
  <code className={styles.code} translate="no">
    {text}
  </code>
);
const CODES = { imeiCode: code('*#06#'), kyd: code('KYD <IMEI>'), neirCode: code('*16161#'), neirSite: code('neir.btrc.gov.bd') };

/**
 * BTRC's NEIR register ties a handset to its owner's NID (issue 45): the handover walks each side through it — the seller
 * de-registers the phone before it leaves, the buyer checks its IMEI before accepting it. Folded until opened.
 */
export function NeirSteps({ role }: { role: 'buyer' | 'seller' }) {
  const t = useT();
  const steps = role === 'seller' ? (['neir.seller.1', 'neir.seller.2', 'neir.seller.3'] as const) : (['neir.buyer.1', 'neir.buyer.2', 'neir.buyer.3'] as const);
  return (
    <details className={styles.neir}>
      <summary>{t(role === 'seller' ? 'neir.seller.title' : 'neir.buyer.title')}</summary>
      <ol>
        {/* What is dialled or typed is shown exactly as typed (a code, never translated nor put in Bangla digits). */}
        {steps.map((step) => (
          <li key={step}>{t.rich(step, CODES)}</li>
        ))}
      </ol>
    </details>
  );
}
