import { ApiRequestError, updateRead, useAction, useApiQuery } from '@phonehaat/shared-data';
import { Button, notify } from '@phonehaat/shared-ui';
import { setWatch } from '../api/watch';
import { useT } from '../i18n';

/** "Watch this phone": a toggle; the person is told when its price goes down, or when it is sold. */
export function WatchButton({ productId, className }: { productId: string; className?: string }) {
  const t = useT();
  const input = { params: { id: productId } };
  const state = useApiQuery('getWatch', input);
  // Unknown (still asked, or it could not be had) shows as not watching, and cannot be toggled until known.
  const watching = state.data?.watching ?? (state.status === 'error' ? false : null);
  const watch = useAction(setWatch);
  const toggle = async () => {
    const next = !watching;
    try {
      const answer = await watch.run(productId, next);
      updateRead('getWatch', input, () => answer);
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
