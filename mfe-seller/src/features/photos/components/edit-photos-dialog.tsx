import { useState } from 'react';
import type { ListingPhotos, Product } from '@phonehaat/shared-api';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, notify } from '@phonehaat/shared-ui';
import { replacePhotos } from '../api/replace-photos';
import { usePhotoList } from '../hooks/use-photo-list';
import { PhotoPicker } from './photo-picker';
import { useT } from '../../../i18n';

/** My Product: a listing's photos added, removed and reordered after it was published. */
export function EditPhotosDialog({ product, onClose, onSaved }: { product: Product; onClose(): void; onSaved(photos: ListingPhotos): void }) {
  const t = useT();
  const photos = usePhotoList(product.photos);
  const saving = useAction(replacePhotos);
  const [problem, setProblem] = useState<string>();

  const save = async () => {
    if (photos.ids.length === 0) return setProblem(t('photos.atLeastOne'));
    if (photos.failed) return setProblem(t('form.fixPhotos'));
    try {
      onSaved(await saving.run(product._id, { photos: photos.ids }));
      notify.success(t('photos.saved'));
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('photos.saveFailed'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('photos.of', { name: product.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('photos.cancel')}
          </Button>
          <Button loading={saving.busy} disabled={saving.busy || photos.uploading} onClick={() => void save()}>
            {photos.uploading ? t('form.uploading') : t('photos.save')}
          </Button>
        </>
      }
    >
      <PhotoPicker list={photos} error={problem} />
    </Modal>
  );
}
