import { formatTaka } from '@phonehaat/shared-ui';
import type { PriceGuide } from '@phonehaat/shared-api';
import { useT } from '../../../i18n';
import styles from './product-form.module.css';

/** An asking price this far above the range's top gets a gentle note (never a block). */
const WELL_ABOVE = 1.2;

/**
 * "Phones like yours sold for Tk 48,000–56,000" in Add a product, before the seller types a price (issue 30); a note
 * if the price typed is far above the range. Read out politely as it changes.
 */
export function PriceHint({ guide, price }: { guide: PriceGuide | undefined; price: number | undefined }) {
  const t = useT();
  let text = '';
  let note = '';
  if (guide && guide.median !== null && guide.low !== null && guide.high !== null) {
    const range = { low: formatTaka(guide.low), high: formatTaka(guide.high), median: formatTaka(guide.median), count: guide.count };
    text = t(guide.source === 'sales' ? 'price.soldFor' : 'price.listedFor', range);
    if (price !== undefined && price > guide.high * WELL_ABOVE) note = t('price.wellAbove', { high: formatTaka(guide.high) });
  } else if (guide) {
    text = t('price.noFigure');
  }
  return (
    <div className={styles.hint} aria-live="polite" data-testid="price-hint">
      {text && <p>{text}</p>}
      {note && <p className={styles.note}>{note}</p>}
    </div>
  );
}
