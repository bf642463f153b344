import { lazy, Suspense, use, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { Words } from '@phonehaat/shared-api/pages';
import { Button, currentLanguage, ErrorBoundary, ErrorState, loadCatalogs, PageSpinner, useLanguage } from '@phonehaat/shared-ui';
import { markPageHydrated } from '../app/hydration/page-hydrated';
import { ComingSoon } from '../app/routes/coming-soon';
import { loadedRemoteModule, loadRemoteModule, remoteListed } from './load-remote-module';
import type { RemoteName } from './manifest';
import { RemoteStamp } from './remote-stamp';
import styles from './remote-slot.module.css';
import { useT } from '../i18n';
import { recordError } from '../rum/early';

/**
 * What a slot shows ("the home page"), for its loading and error messages: a remote page's own words (its
 * declaration in the remote's src/routes.ts), or the shell's dashboard, named in the shell's catalog.
 */
export type SlotLabel = Words | 'page.dashboard';

/** A slot label's words in the page's language. */
function useLabel(label: SlotLabel): string {
  const t = useT();
  const language = useLanguage();
  return typeof label === 'string' ? t(label) : label[language];
}

export interface RemoteSlotProps {
  remote: RemoteName;
  /** The exposed module, e.g. 'home-page'. */
  module: string;
  label: SlotLabel;
}

/** The spinner of a slot whose page is loading ("Loading the home page"). */
export function SlotSpinner({ label }: { label: SlotLabel }) {
  const t = useT();
  return <PageSpinner label={t('slot.loading', { label: useLabel(label) })} />;
}

interface PageModule {
  default: ComponentType;
  buildId?: string;
}

/** The remote's page, stamped with which deployment of the remote is showing (for support and the redeploy test). */
function stamped(remote: RemoteName, page: PageModule): ComponentType {
  const Component = page.default;
  return function RemotePage() {
    useEffect(markPageHydrated, []);
    return (
      <RemoteStamp remote={remote} build={page.buildId}>
        <Component />
      </RemoteStamp>
    );
  };
}

/** The composed page whose code could not be loaded in this browser before hydrating (bootstrap.tsx), once. */
let failedBeforeHydration: string | undefined;
export function markFailedBeforeHydration(remote: RemoteName, module: string): void {
  failedBeforeHydration = `${remote}/${module}`;
}

const never = new Promise<never>(() => undefined);
/** Suspends for good: while hydrating, React then leaves the server's HTML of its Suspense boundary as it is. */
function ServerHtml(): never {
  return use(never);
}

/**
 * A composed page whose remote could not be loaded in the browser: its server HTML stays readable (its links are plain
 * links) inside a boundary that never hydrates, and once the rest has hydrated the slot says the page could not
 * start, with a Retry. The boundary is one unchanging element, so re-rendering the slot does not replace that HTML.
 */
function KeptServerPage({ label, onRetry }: { label: SlotLabel; onRetry: () => void }) {
  const t = useT();
  const words = useLabel(label);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    markPageHydrated();
    recordError('boundary'); // the page could not start: counted against its release (issue 29)
  }, []);
  const kept = useMemo(
    () => (
      <Suspense fallback={<SlotSpinner label={label} />}>
        <ServerHtml />
      </Suspense>
    ),
    [label],
  );
  return (
    <>
      {hydrated && (
        <div className={styles.notice} role="alert">
          <p>{t('slot.notStarted', { label: words })}</p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('slot.retry')}
          </Button>
        </div>
      )}
      {kept}
    </>
  );
}

/**
 * One remote's page inside the shell: Suspense while it loads, and an error boundary that keeps the
 * failure to this slice (navbar, footer and other slices keep working) with a Retry that reloads the
 * remote without reloading the page. A page its route loader (or the hydration, bootstrap.tsx) has loaded already
 * shows at once: no fallback, so React's 300 ms throttle on revealing suspended content does not apply, and a page
 * the server composed is hydrated where it stands.
 */
export function RemoteSlot({ remote, module, label }: RemoteSlotProps) {
  const t = useT();
  const words = useLabel(label);
  const [attempt, setAttempt] = useState(0);
  const [keepServerHtml] = useState(() => failedBeforeHydration === `${remote}/${module}`);
  useEffect(() => {
    if (keepServerHtml) failedBeforeHydration = undefined;
  }, [keepServerHtml]);
  // Decided once per attempt: a page that finishes loading later must not swap (and remount) the component.
  const Page = useMemo(() => {
    const ready = attempt === 0 ? loadedRemoteModule<PageModule>(remote, module) : undefined;
    if (ready) return stamped(remote, ready);
    // React.lazy remembers a failed import forever, so every retry gets a fresh lazy component.
    return lazy(async () => {
      const page = await loadRemoteModule<PageModule>(remote, module, attempt);
      await loadCatalogs(currentLanguage()); // its words, as the route's loader would have loaded them
      return { default: stamped(remote, page) };
    });
  }, [remote, module, attempt]);
  if (!remoteListed(remote)) return <ComingSoon label={words} />;
  if (keepServerHtml && attempt === 0) return <KeptServerPage label={label} onRetry={() => setAttempt(1)} />;
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error) => {
        console.error(`PhoneHaat: ${remote}/${module} failed`, error);
        recordError('boundary');
      }}
      fallback={() => (
        <ErrorState
          title={t('slot.failedTitle', { label: words })}
          message={t('slot.failedMessage')}
          retryLabel={t('slot.retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
    >
      <Suspense fallback={<SlotSpinner label={label} />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
