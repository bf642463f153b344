import { useEffect, useState } from 'react';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, notify } from '@phonehaat/shared-ui';
import { getWatch, setWatch } from '../api/watch';
import { useT } from '../i18n';

/** "Watch this phone": a toggle; the person is told when its price goes down, or when it is sold. */
export function WatchButton({ productId, className }: { productId: string; className?: string }) {
  const t = useT();
  const [watching, setWatching] = useState<boolean | null>(null);
  const watch = useAction(setWatch);
  useEffect(() => {
    let cancelled = false;
    getWatch(productId).then(
      (state) => !cancelled && setWatching(state.watching),
      () => !cancelled && setWatching(false),
    );
    return () => {
      cancelled = true;
    };
  }, [productId]);
  const toggle = async () => {
    const next = !watching;
    try {
      setWatching((await watch.run(productId, next)).watching);
      notify.success(next ? t('watch.on') : t('watch.off'));
    } catch (error) {
      notify.error(error instanceof ApiRequestError ? error.message : t('watch.failed'));
    }
  };
  return (
    <Button variant="secondary" size="md" className={className} aria-pressed={watching ?? false} disabled={watching === null} loading={watch.busy} onClick={() => void toggle()}>
      {t('watch.label')}
    </Button>
  );
}
