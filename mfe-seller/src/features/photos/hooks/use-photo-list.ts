import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Photo } from '@phonehaat/shared-api';
import { MAX_PHOTOS, MAX_UPLOAD_BYTES } from '@phonehaat/shared-api/limits';
import { ApiRequestError } from '@phonehaat/shared-data';
import { uploadPhoto } from '../api/upload-photo';
import { downscale } from '../lib/downscale';
import { formatNumber } from '@phonehaat/shared-ui';
import { t } from '../../../i18n';

export interface PhotoItem {
  key: string;
  /** What the seller sees at once: their own file (an object URL) or the uploaded photo's small size. */
  preview: string;
  status: 'uploading' | 'ready' | 'failed';
  /** Share of the upload sent, 0 to 1. */
  progress: number;
  photo?: Photo;
  error?: string;
  file?: File;
}

const fromPhoto = (photo: Photo): PhotoItem => ({ key: photo._id, preview: photo.small, status: 'ready', progress: 1, photo });

/**
 * A listing's photos while a seller picks them: each upload starts at once, with its progress; they can
 * be removed, retried, reordered and one made the cover (the first). `ids` is what the API is sent.
 */
export function usePhotoList(initial: Photo[] = []) {
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(fromPhoto));
  const [notice, setNotice] = useState<string>();
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    const controllers = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start = useCallback(async (key: string, file: File) => {
    const controller = new AbortController();
    uploads.current.set(key, controller);
    update(key, { status: 'uploading', progress: 0, error: undefined });
    try {
      const body = await downscale(file);
      if (body.size > MAX_UPLOAD_BYTES) throw new Error(t('photos.tooLarge', { mb: formatNumber(MAX_UPLOAD_BYTES / 1024 / 1024) }));
      const photo = await uploadPhoto(body, file.name || 'photo.jpg', {
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      });
      // The server's own small copy: it shows even where this browser cannot draw the file (HEIC outside Safari).
      update(key, { status: 'ready', progress: 1, photo, preview: photo.small });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = error instanceof ApiRequestError || error instanceof Error ? error.message : t('photos.uploadFailed');
      update(key, { status: 'failed', error: message });
    } finally {
      uploads.current.delete(key);
    }
  }, []);

  const add = useCallback(
    (files: File[]) => {
      setNotice(undefined);
      const images = files.filter((file) => file.type === '' || file.type.startsWith('image/'));
      const room = MAX_PHOTOS - items.length;
      const taken = images.slice(0, Math.max(room, 0));
      if (images.length < files.length) setNotice(t('photos.onlyImages'));
      else if (taken.length < images.length) setNotice(t('photos.atMost', { max: formatNumber(MAX_PHOTOS) }));
      const added = taken.map((file): PhotoItem => {
        const preview = URL.createObjectURL(file);
        objectUrls.current.add(preview);
        return { key: crypto.randomUUID(), preview, status: 'uploading', progress: 0, file };
      });
      setItems((current) => [...current, ...added]);
      for (const item of added) void start(item.key, item.file!);
    },
    [items.length, start],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const file = items.find((item) => item.key === key)?.file;
      if (file) void start(key, file);
    },
    [items, start],
  );

  /** Moves a photo to position `to` (0 is the cover). */
  const move = useCallback((key: string, to: number) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  }, []);

  const uploading = items.some((item) => item.status === 'uploading');
  const failed = items.some((item) => item.status === 'failed');
  const ids = useMemo(() => items.flatMap((item) => (item.status === 'ready' && item.photo ? [item.photo._id] : [])), [items]);

  return { items, notice, add, remove, retry, move, uploading, failed, ids, full: items.length >= MAX_PHOTOS };
}
export type PhotoList = ReturnType<typeof usePhotoList>;
