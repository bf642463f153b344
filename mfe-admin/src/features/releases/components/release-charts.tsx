import type { ReleasePoint, ReleaseSeries } from '@phonehaat/shared-api';
import { formatDate, formatNumber, formatRating, UserText } from '@phonehaat/shared-ui';
import { DataTable } from '@phonehaat/shared-ui/data-table';
// Not from shared-ui's index: that is the shell's start-up singleton, and only the pages with charts and tables need them.
import { LineChart, type ChartSeries } from '@phonehaat/shared-ui/line-chart';
import { useT } from '../../../i18n';
import charts from './release-charts.module.css';

type Measure = 'errorRate' | 'lcpP75' | 'inpP75';
const measures: Measure[] = ['errorRate', 'lcpP75', 'inpP75'];

/** The history's action as the catalog names it ("cancel-canary" → "cancelCanary"). */
const actionKey = (action: string) => action.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const time = (at: string | number) => formatDate(new Date(at).toISOString(), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
/** A rate as a percentage: to one decimal below 10% (0.8%), whole above (12%). */
const percent = (rate: number | null) => (rate === null ? '–' : `${rate < 0.1 ? formatRating(rate * 100) : formatNumber(Math.round(rate * 100))}%`);
const ms = (value: number | null) => (value === null ? '–' : `${formatNumber(Math.round(value))} ms`);
const show = (measure: Measure, value: number | null) => (measure === 'errorRate' ? percent(value) : ms(value));
/** The web vitals' own names, the same in every language (as the tools that report them write them). */
const METRIC = { lcpP75: 'p75 LCP', inpP75: 'p75 INP' } as const;
const metric = (name: keyof typeof METRIC) => (
  <abbr lang="en" translate="no">
    {METRIC[name]}
  </abbr>
);

/** The whole window's figures per release, added up from its steps (the p75s are the steps' highest, said so). */
function totals(points: ReleasePoint[]) {
  const byRelease = new Map<string, { views: number; errors: number; lcp: number | null; inp: number | null }>();
  for (const point of points) {
    const sum = byRelease.get(point.release) ?? { views: 0, errors: 0, lcp: null, inp: null };
    sum.views += point.views;
    sum.errors += point.errors;
    if (point.lcpP75 !== null) sum.lcp = Math.max(sum.lcp ?? 0, point.lcpP75);
    if (point.inpP75 !== null) sum.inp = Math.max(sum.inp ?? 0, point.inpP75);
    byRelease.set(point.release, sum);
  }
  return byRelease;
}

/** A slice's releases over time: three charts (error rate, p75 LCP, p75 INP) with the promotions marked, and tables. */
export function ReleaseCharts({ series }: { series: ReleaseSeries }) {
  const t = useT();
  /** A measure's name: the error rate in the page's words, a web vital by its own name. */
  const measureText = (measure: Measure) => (measure === 'errorRate' ? t('releases.measure.errorRate') : METRIC[measure]);
  const measureName = (measure: Measure) => (measure === 'errorRate' ? t('releases.measure.errorRate') : metric(measure));
  const releases = [...new Set(series.points.map((point) => point.release))];
  const roleOf = (release: string) => (release === series.live ? t('releases.live') : release === series.canary?.release ? t('releases.canary') : t('releases.earlier'));
  const nameOf = (release: string) => `${release} (${roleOf(release)})`;
  const lines = (measure: Measure): ChartSeries[] =>
    releases.map((release) => ({
      name: nameOf(release),
      tone: release === series.live ? 'accent' : release === series.canary?.release ? 'warning' : 'muted',
      dashed: release !== series.live,
      points: series.points.filter((point) => point.release === release).map((point) => ({ x: Date.parse(point.at), y: point[measure] })),
    }));
  const markers = series.markers.map((marker) => ({ x: Date.parse(marker.at), label: `${time(marker.at)}: ${t('releases.action', { action: actionKey(marker.action) })} ${marker.release}` }));
  const sums = totals(series.points);

  return (
    <>
      <div className={charts.charts}>
        {measures.map((measure) => (
          <figure key={measure} className={charts.figure}>
            <figcaption className={charts.caption}>{measureName(measure)}</figcaption>
            <LineChart
              label={t('releases.chartLabel', { measure: measureText(measure), hours: formatNumber((Date.parse(series.to) - Date.parse(series.from)) / 3_600_000) })}
              series={lines(measure)}
              markers={markers}
              xDomain={[Date.parse(series.from), Date.parse(series.to)]}
              formatX={time}
              formatY={(value) => show(measure, value)}
            />
          </figure>
        ))}
      </div>

      <h2 className={charts.heading}>{t('releases.totalsTitle')}</h2>
      <DataTable
        variant="cards"
        testId="release-totals"
        caption={t.rich('releases.totalsCaption', { lcp: metric('lcpP75'), inp: metric('inpP75') })}
        captionHidden
        rows={releases}
        rowKey={(release) => release}
        columns={[
          {
            key: 'release',
            header: t('releases.release'),
            rowHeader: true,
            cell: (release) => (
              <>
                <code translate="no">{release}</code> {roleOf(release)}
              </>
            ),
          },
          { key: 'views', header: t('releases.views'), label: t('releases.views'), cell: (release) => formatNumber(sums.get(release)!.views) },
          {
            key: 'errors',
            header: t('releases.measure.errorRate'),
            label: t('releases.measure.errorRate'),
            cell: (release) => {
              const sum = sums.get(release)!;
              return percent(sum.views ? sum.errors / sum.views : null);
            },
          },
          { key: 'lcp', header: t.rich('releases.worst', { metric: metric('lcpP75') }), label: t('releases.worst', { metric: METRIC.lcpP75 }), cell: (release) => ms(sums.get(release)!.lcp) },
          { key: 'inp', header: t.rich('releases.worst', { metric: metric('inpP75') }), label: t('releases.worst', { metric: METRIC.inpP75 }), cell: (release) => ms(sums.get(release)!.inp) },
        ]}
      />

      <h2 className={charts.heading}>{t('releases.historyTitle')}</h2>
      {!series.markersKnown && <p className={charts.note}>{t('releases.historyUnknown')}</p>}
      {series.markersKnown && series.markers.length === 0 && <p className={charts.note}>{t('releases.historyEmpty')}</p>}
      {series.markers.length > 0 && (
        <ol className={charts.history} data-testid="release-history">
          {[...series.markers].reverse().map((marker) => (
            <li key={`${marker.at}-${marker.action}-${marker.release}`}>
              <time dateTime={marker.at}>{time(marker.at)}</time> {t('releases.action', { action: actionKey(marker.action) })} <code translate="no">{marker.release}</code> · <UserText>{marker.by}</UserText>
              {marker.reason && (
                <p className={charts.reason} translate="no">
                  {marker.reason}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}

      <details className={charts.details}>
        <summary>{t('releases.stepsTitle', { minutes: formatNumber(series.stepMinutes) })}</summary>
        <DataTable
          variant="cards"
          caption={t('releases.stepsCaption')}
          captionHidden
          rows={series.points}
          rowKey={(point) => `${point.at}-${point.release}`}
          columns={[
            { key: 'from', header: t('releases.from'), label: t('releases.from'), cell: (point) => <time dateTime={point.at}>{time(point.at)}</time> },
            { key: 'release', header: t('releases.release'), label: t('releases.release'), cell: (point) => <code translate="no">{point.release}</code> },
            { key: 'views', header: t('releases.views'), label: t('releases.views'), cell: (point) => formatNumber(point.views) },
            ...measures.map((measure) => ({ key: measure, header: measureName(measure), label: measureText(measure), cell: (point: (typeof series.points)[number]) => show(measure, point[measure]) })),
          ]}
        />
      </details>
    </>
  );
}
