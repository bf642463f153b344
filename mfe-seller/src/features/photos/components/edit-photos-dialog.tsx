import { useState } from 'react';
import type { ListingPhotos, Product } from '@phonehaat/shared-api';
import { ApiRequestError } from '@phonehaat/shared-auth';
import { Button, Modal, notify } from '@phonehaat/shared-ui';
import { replacePhotos } from '../api/replace-photos';
import { usePhotoList } from '../hooks/use-photo-list';
import { PhotoPicker } from './photo-picker';

/** My Product: a listing's photos added, removed and reordered after it was published. */
export function EditPhotosDialog({ product, onClose, onSaved }: { product: Product; onClose(): void; onSaved(photos: ListingPhotos): void }) {
  const photos = usePhotoList(product.photos);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const save = async () => {
    if (photos.ids.length === 0) return setProblem('Add at least one photo');
    if (photos.failed) return setProblem('Remove or retry the photos that could not be uploaded.');
    setSaving(true);
    try {
      onSaved(await replacePhotos(product._id, { photos: photos.ids }));
      notify.success('Photos saved');
      onClose();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : 'The photos could not be saved. Please try again.');
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Photos of ${product.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} disabled={saving || photos.uploading} onClick={() => void save()}>
            {photos.uploading ? 'Uploading photos…' : 'Save photos'}
          </Button>
        </>
      }
    >
      <PhotoPicker list={photos} error={problem} />
    </Modal>
  );
}
