import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Photo } from '@phonehaat/shared-api';
import { Button, formatNumber, Modal, photoSrcSet } from '@phonehaat/shared-ui';
import styles from './photo-gallery.module.css';
import { useT } from '../i18n';

/** How far a finger must travel sideways (px) to move to the next photo. */
const SWIPE = 40;

interface PhotoGalleryProps {
  name: string;
  photos: Photo[];
  /** Over the photo, e.g. the Sold badge. */
  overlay?: ReactNode;
}

/**
 * The product page's photos: one large, thumbnails under it, arrow buttons and arrow keys, a swipe on a
 * touch screen, and a full-size view. The first photo loads at once (it is the page's main image).
 */
export function PhotoGallery({ name, photos, overlay }: PhotoGalleryProps) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)]!;
  const go = (next: number) => setIndex((next + count) % count);
  const numbers = (i: number) => ({ index: formatNumber(i + 1), count: formatNumber(count) });

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const arrows = count > 1 && (
    <>
      <Button variant="secondary" size="sm" className={`${styles.arrow} ${styles.previous}`} onClick={() => go(index - 1)} aria-label={t('photos.previous')}>
        ‹
      </Button>
      <Button variant="secondary" size="sm" className={`${styles.arrow} ${styles.next}`} onClick={() => go(index + 1)} aria-label={t('photos.next')}>
        ›
      </Button>
    </>
  );

  return (
    <section className={styles.gallery} aria-roledescription="carousel" aria-label={t('photos.of', { name })} onKeyDown={onKeyDown}>
      <div
        className={styles.stage}
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerUp={(event) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (start === null || count < 2 || Math.abs(event.clientX - start) < SWIPE) return;
          go(event.clientX < start ? index + 1 : index - 1);
        }}
      >
        <button type="button" className={styles.open} onClick={() => setFull(true)} aria-label={t('photos.open', numbers(index))}>
          <img
            className={styles.image}
            src={current.medium}
            srcSet={photoSrcSet(current)}
            sizes="(min-width: 900px) 50vw, 100vw"
            alt={t('photos.alt', { name, ...numbers(index) })}
            width={current.width}
            height={current.height}
            fetchPriority={index === 0 ? 'high' : undefined}
            draggable={false}
          />
        </button>
        {overlay}
        {arrows}
        {count > 1 && (
          <span className={styles.counter} aria-live="polite">
            {formatNumber(index + 1)} / {formatNumber(count)}
          </span>
        )}
      </div>
      {count > 1 && (
        <ol className={styles.thumbs} aria-label={t('photos.all')}>
          {photos.map((photo, i) => (
            <li key={photo._id}>
              <button type="button" className={styles.thumb} onClick={() => setIndex(i)} aria-label={t('photos.label', numbers(i))} aria-current={i === index || undefined}>
                <img src={photo.small} alt="" width={96} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ol>
      )}
      <Modal open={full} onClose={() => setFull(false)} title={t('photos.full', { name, ...numbers(index) })} size="md">
        <div className={styles.fullView} onKeyDown={onKeyDown}>
          <img className={styles.fullImage} src={current.large} alt={t('photos.alt', { name, ...numbers(index) })} width={current.width} height={current.height} />
          {arrows}
        </div>
      </Modal>
    </section>
  );
}
