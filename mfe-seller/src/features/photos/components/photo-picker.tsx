import { useId, useRef, useState, type DragEvent } from 'react';
import { MAX_PHOTOS } from '@phonehaat/shared-api/limits';
import { Button, formatNumber } from '@phonehaat/shared-ui';
import type { PhotoList } from '../hooks/use-photo-list';
import styles from './photo-picker.module.css';
import { useT } from '../../../i18n';

const filesOf = (list: FileList | null) => (list ? Array.from(list) : []);

/**
 * Up to six photos: chosen from files, taken with the camera on a phone, or dropped here on a desktop.
 * Each shows at once with its upload's progress; the first is the cover; all can be moved with buttons.
 */
export function PhotoPicker({ list, error }: { list: PhotoList; error?: string }) {
  const id = useId();
  const t = useT();
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { items } = list;

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    list.add(filesOf(event.dataTransfer.files));
  };

  return (
    <fieldset className={styles.picker} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className={styles.legend}>{t('photos.legend')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('photos.hint', { max: formatNumber(MAX_PHOTOS) })}
      </p>
      {items.length > 0 && (
        <ol className={styles.list} aria-label={t('photos.list')}>
          {items.map((item, index) => {
            const number = formatNumber(index + 1);
            const label = t('photos.photo', { index: number });
            return (
              <li key={item.key} className={styles.item} data-testid="photo-item">
                <div className={styles.thumb}>
                  <img src={item.preview} alt={label} width={120} height={90} />
                  {index === 0 && <span className={styles.cover}>{t('photos.cover')}</span>}
                </div>
                {item.status === 'uploading' && (
                  <progress className={styles.progress} max={1} value={item.progress} aria-label={t('photos.uploading', { index: number })} />
                )}
                {item.status === 'failed' && (
                  <p className={styles.failed} role="alert">
                    {item.error}
                  </p>
                )}
                <div className={styles.actions}>
                  {index > 0 && (
                    <Button size="sm" variant="ghost" onClick={() => list.move(item.key, 0)} aria-label={t('photos.makeCover', { index: number })}>
                      {t('photos.cover')}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => list.move(item.key, index - 1)} aria-label={t('photos.earlier', { index: number })}>
                    ←
                  </Button>
                  <Button size="sm" variant="ghost" disabled={index === items.length - 1} onClick={() => list.move(item.key, index + 1)} aria-label={t('photos.later', { index: number })}>
                    →
                  </Button>
                  {item.status === 'failed' && item.file && (
                    <Button size="sm" variant="secondary" onClick={() => list.retry(item.key)} aria-label={t('photos.retry', { index: number })}>
                      {t('photos.retryShort')}
                    </Button>
                  )}
                  <Button size="sm" variant="danger" onClick={() => list.remove(item.key)} aria-label={t('photos.remove', { index: number })}>
                    ✕
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!list.full && (
        <div
          className={styles.drop}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Button variant="secondary" onClick={() => chooser.current?.click()}>
            {t('photos.choose')}
          </Button>
          <Button variant="secondary" className={styles.camera} onClick={() => camera.current?.click()}>
            {t('photos.camera')}
          </Button>
          <span className={styles.dropText}>{t('photos.drop')}</span>
          <input ref={chooser} className={styles.input} type="file" accept="image/*" multiple tabIndex={-1} aria-label={t('photos.choose')} onChange={(event) => { list.add(filesOf(event.target.files)); event.target.value = ''; }} />
          <input ref={camera} className={styles.input} type="file" accept="image/*" capture="environment" tabIndex={-1} aria-label={t('photos.camera')} onChange={(event) => { list.add(filesOf(event.target.files)); event.target.value = ''; }} />
        </div>
      )}
      {(error || list.notice) && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error ?? list.notice}
        </p>
      )}
    </fieldset>
  );
}
