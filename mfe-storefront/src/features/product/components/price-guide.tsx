import type { PriceGuide as Guide } from '@phonehaat/shared-api';
import { conditionText, formatDate, formatNumber, formatTaka, formatTakaShort, UserText, VisuallyHidden } from '@phonehaat/shared-ui';
// Not from shared-ui's index (the shell's start-up singleton): bundled with this page only.
import { LineChart } from '@phonehaat/shared-ui/line-chart';
import { useT } from '../i18n';
import styles from './price-guide.module.css';

/** Within this much of the typical price, a phone is "at the typical price". */
const AT_TYPICAL = 0.02;

export interface PriceGuideProps {
  guide: Guide;
  /** This phone's asking price, marked on the distribution; none on the price guide's own page. */
  price?: number;
  /** The section's heading; "Is this a fair price?" by default. */
  heading?: string;
}

/**
 * "Is this a fair price?" on a phone's page (issue 30): the typical price of its model in its condition and year, the
 * range most sit in, where this phone sits, and two small charts — how the prices spread (this phone marked) and the
 * median per week — each with a table for screen readers. No figure where there are fewer than 5 prices.
 */
export function PriceGuide({ guide, price, heading }: PriceGuideProps) {
  const t = useT();
  const model = guide.model ?? '';
  const condition = conditionText(guide.condition);
  if (guide.median === null || guide.low === null || guide.high === null) {
    return (
      <section className={styles.guide} aria-labelledby="guide-heading">
        <h2 id="guide-heading" className={styles.heading}>
          {heading ?? t('guide.title')}
        </h2>
        <p className={styles.none}>{guide.model ? t.rich('guide.notEnough', { model: <UserText>{model}</UserText>, condition }) : t('guide.noModel')}</p>
      </section>
    );
  }
  const difference = price === undefined ? undefined : price - guide.median;
  const where =
    difference === undefined
      ? undefined
      : Math.abs(difference) <= guide.median * AT_TYPICAL
      ? t('guide.atTypical')
      : difference < 0
        ? t('guide.below', { amount: formatTaka(-difference) })
        : t('guide.above', { amount: formatTaka(difference) });
  const most = Math.max(1, ...guide.distribution.map((band) => band.count));
  const here = price === undefined ? -1 : guide.distribution.findIndex((band) => price >= band.from && price <= band.to);
  const weeks = guide.weekly.map((week) => ({ x: Date.parse(week.week), y: week.median }));

  return (
    <section className={styles.guide} aria-labelledby="guide-heading" data-testid="price-guide">
      <h2 id="guide-heading" className={styles.heading}>
        {heading ?? t('guide.title')}
      </h2>
      <p className={styles.summary}>
        {t.rich('guide.typical', { model: <UserText>{model}</UserText>, condition, median: formatTaka(guide.median), low: formatTaka(guide.low), high: formatTaka(guide.high) })}{' '}
        {t(guide.source === 'sales' ? 'guide.fromSales' : 'guide.fromAsking', { count: guide.count })}
      </p>
      {where && (
        <p className={styles.where} data-testid="price-guide-where">
          {where}
        </p>
      )}

      <figure className={styles.figure}>
        <figcaption className={styles.caption}>{t('guide.spreadTitle')}</figcaption>
        <div className={styles.bars} role="img" aria-label={t(price === undefined ? 'guide.spreadLabelAll' : 'guide.spreadLabel', { count: guide.count })}>
          {/* Each bar says how many phones it holds; the axis names round prices under every other bar (issue 65). */}
          {guide.distribution.map((band, i) => (
            <div key={band.from} className={styles.band} aria-hidden="true">
              {band.count > 0 && <span className={styles.barCount}>{formatNumber(band.count)}</span>}
              <span className={i === here ? `${styles.bar} ${styles.this}` : styles.bar} style={{ height: `${Math.max(4, (band.count / most) * 80)}%` }} />
            </div>
          ))}
        </div>
        <div className={styles.ticks} aria-hidden="true">
          {guide.distribution.map((band, i) => (
            <span key={band.from} className={styles.tick}>
              {i % 2 === 0 ? formatTakaShort(band.from) : ''}
            </span>
          ))}
        </div>
        {here >= 0 && (
          <div className={styles.ticks} aria-hidden="true">
            {guide.distribution.map((band, i) => (
              <span key={band.from} className={`${styles.tick} ${styles.thisLabel}`}>
                {i === here ? `▲ ${t('guide.thisPhone')}` : ''}
              </span>
            ))}
          </div>
        )}
        <div className={styles.tableBox}>
          <table>
            <VisuallyHidden as="caption">{t('guide.spreadTable')}</VisuallyHidden>
            <thead>
              <tr>
                <th scope="col">{t('guide.band')}</th>
                <th scope="col">{t('guide.phones')}</th>
              </tr>
            </thead>
            <tbody>
              {guide.distribution.map((band, i) => (
                <tr key={band.from}>
                  <th scope="row">
                    {formatTaka(band.from)}–{formatTaka(band.to)}
                    {i === here && ` (${t('guide.thisPhone')})`}
                  </th>
                  <td>{formatNumber(band.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>

      {weeks.length >= 2 && (
        <figure className={styles.figure}>
          <figcaption className={styles.caption}>{t('guide.weeklyTitle')}</figcaption>
          <LineChart
            label={t('guide.weeklyLabel')}
            series={[{ name: t('guide.weeklyTitle'), points: weeks }]}
            xDomain={[weeks[0]!.x, weeks.at(-1)!.x]}
            formatX={(x) => formatDate(new Date(x).toISOString(), { day: 'numeric', month: 'short' })}
            formatY={(y) => formatTaka(Math.round(y))}
            height={140}
          />
          <div className={styles.tableBox}>
            <table>
              <VisuallyHidden as="caption">{t('guide.weeklyTable')}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">{t('guide.week')}</th>
                  <th scope="col">{t('guide.median')}</th>
                  <th scope="col">{t('guide.sales')}</th>
                </tr>
              </thead>
              <tbody>
                {guide.weekly.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{formatDate(week.week, { day: 'numeric', month: 'short', year: 'numeric' })}</th>
                    <td>{formatTaka(week.median)}</td>
                    <td>{formatNumber(week.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </section>
  );
}
