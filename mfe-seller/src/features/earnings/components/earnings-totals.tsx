import type { Earnings } from '@phonehaat/shared-api';
import { formatTakaExact } from '@phonehaat/shared-ui';
import { FigureTiles } from '@phonehaat/shared-ui/figure-tiles';
import { useT } from '../../../i18n';

const taka = (poisha: number) => formatTakaExact(poisha / 100);

/** Held, owed (released, not yet paid out), paid out and fees, as figures. */
export function EarningsTotals({ totals }: { totals: Earnings['totals'] }) {
  const t = useT();
  const names = ['held', 'owed', 'paidOut', 'fees'] as const;
  return <FigureTiles testIdPrefix="earnings" figures={names.map((name) => ({ key: name, label: t(`earnings.total.${name}`), value: taka(totals[name]) }))} />;
}
