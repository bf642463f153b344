import { matchPath } from 'react-router-dom';
import type { Brand } from '@phonehaat/shared-api';
import { paths, patterns } from '@phonehaat/shared-auth';
import { CacheBoundary, useApiQuery } from '@phonehaat/shared-data';
import styles from './auth-form.module.css';
import { useT } from './i18n';

/** Where a visitor was going when they were sent to sign in (issue 65): what the sign-in page then promises them. */
export type SignInReason =
  | { kind: 'brand'; brandId: string }
  | { kind: 'search'; q: string }
  | { kind: 'phone' }
  | { kind: 'own' }
  | { kind: 'none' };

/** The reason read from the address the visitor was going to (`from`, a path of the app without its language). */
export function reasonFor(from: string): SignInReason {
  const url = new URL(from, 'http://phonehaat.invalid');
  const brand = matchPath(patterns.category, url.pathname);
  if (brand?.params.id) return { kind: 'brand', brandId: brand.params.id };
  if (matchPath(patterns.search, url.pathname)) return { kind: 'search', q: url.searchParams.get('q')?.trim() ?? '' };
  if (matchPath(patterns.product, url.pathname)) return { kind: 'phone' };
  if (url.pathname !== paths.home) return { kind: 'own' };
  return { kind: 'none' };
}

/**
 * Why this page asks to sign in and what waits behind it ("Sign in to see all 26 Samsung phones — with your mobile
 * number, in a minute"), from where the visitor was going; nothing for a visitor who came to sign in.
 */
export function SignInReasonNote({ from }: { from: string }) {
  const reason = reasonFor(from);
  if (reason.kind === 'none') return null;
  if (reason.kind !== 'brand' && reason.kind !== 'search') return <ReasonText reason={reason} />;
  // A reason that names the brands counts their phones, read through the cache (the words wait for nothing).
  return (
    <CacheBoundary fallback={<ReasonText reason={reason} />}>
      <CountedReason reason={reason} />
    </CacheBoundary>
  );
}

function CountedReason({ reason }: { reason: SignInReason }) {
  const brands = useApiQuery('listBrands').data;
  return <ReasonText reason={reason} brands={brands} />;
}

/** The reason in words: with the brands' counts once they are known. */
function ReasonText({ reason, brands }: { reason: SignInReason; brands?: Brand[] }) {
  const t = useT();
  const text = (() => {
    if (reason.kind === 'brand') {
      const brand = brands?.find((one) => one._id === reason.brandId);
      return brand ? t('reason.brand', { count: brand.onSale, brand: brand.name }) : t('reason.brandUnknown');
    }
    if (reason.kind === 'search') {
      const total = brands?.reduce((sum, brand) => sum + brand.onSale, 0);
      return reason.q ? t('reason.searchFor', { q: reason.q }) : total ? t('reason.search', { count: total }) : t('reason.searchAll');
    }
    return t(reason.kind === 'phone' ? 'reason.phone' : 'reason.own');
  })();
  return (
    <p className={styles.reason} data-testid="sign-in-reason">
      {text}
    </p>
  );
}
