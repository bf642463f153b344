import type { Earnings } from '@phonehaat/shared-api';
import { formatTakaExact } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './earnings.module.css';

const taka = (poisha: number) => formatTakaExact(poisha / 100);

/** Held, owed (released, not yet paid out), paid out and fees, as figures. */
export function EarningsTotals({ totals }: { totals: Earnings['totals'] }) {
  const t = useT();
  const figures = [
    ['held', totals.held],
    ['owed', totals.owed],
    ['paidOut', totals.paidOut],
    ['fees', totals.fees],
  ] as const;
  return (
    <dl className={styles.totals}>
      {figures.map(([name, poisha]) => (
        <div key={name} className={styles.total} data-testid={`earnings-${name}`}>
          <dt>{t(`earnings.total.${name}`)}</dt>
          <dd>{taka(poisha)}</dd>
        </div>
      ))}
    </dl>
  );
}
