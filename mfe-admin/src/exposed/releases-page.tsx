import { useSearchParams } from 'react-router-dom';
import { remoteNames, remotes } from '@phonehaat/shared-api/remotes';
import { QueryView } from '@phonehaat/shared-data';
import { EmptyState, PageHeader, SelectField, Skeleton, useLanguage } from '@phonehaat/shared-ui';
import { useReleaseSeries } from '../features/releases/api/get-release-series';
import { ReleaseCharts } from '../features/releases/components/release-charts';
import { useT } from '../i18n';
import styles from '../features/releases/components/release-charts.module.css';

const WINDOWS = [6, 24, 168] as const;

/**
 * `/dashboard/releases`: each slice's releases as people's browsers measured them (issue 29): error rate and p75 LCP
 * and INP over time, the live release and its canary, and the deployer's promotions and rollbacks with their reasons.
 * The slice and the window are kept in the address.
 */
export default function ReleasesPage() {
  const t = useT();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const remote = remoteNames.find((name) => name === params.get('remote')) ?? 'storefront';
  const hours = WINDOWS.find((value) => String(value) === params.get('hours')) ?? 6;
  const series = useReleaseSeries(remote, hours);
  const choose = (key: 'remote' | 'hours', value: string) => setParams((now) => ({ ...Object.fromEntries(now), [key]: value }), { replace: true });

  return (
    <section>
      <PageHeader title={t('releases.title')} subtitle={t('releases.subtitle')} />
      <div className={styles.controls}>
        <SelectField label={t('releases.slice')} value={remote} onChange={(event) => choose('remote', event.target.value)} options={remoteNames.map((name) => ({ value: name, label: remotes[name].title[language] }))} />
        <SelectField label={t('releases.window')} value={String(hours)} onChange={(event) => choose('hours', event.target.value)} options={WINDOWS.map((value) => ({ value: String(value), label: t('releases.hours', { hours: value }) }))} />
      </div>
      <QueryView
        query={series}
        loading={<Skeleton height={240} aria-label={t('releases.loading')} />}
      >
        {(found) => (
          <>
            <p data-testid="release-now">
              {found.live ? t.rich('releases.liveNow', { release: <code translate="no">{found.live}</code> }) : t('releases.noLive')}
              {found.canary && (
                <>
                  {' '}
                  {t.rich('releases.canaryNow', { release: <code translate="no">{found.canary.release}</code>, percent: found.canary.percent, auto: found.canary.auto ? 'yes' : 'no' })}
                </>
              )}
            </p>
            {found.points.length === 0 ? <EmptyState title={t('releases.emptyTitle')} message={t('releases.empty')} /> : <ReleaseCharts series={found} />}
          </>
        )}
      </QueryView>
    </section>
  );
}
