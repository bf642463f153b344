import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MAX_PHOTO_PIXELS } from '../photos/process.ts';
import { IdParams, ListingPhotos, MAX_UPLOAD_BYTES, Photo, PhotoKeyParams, PhotosBody } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { conflict, HttpError, notFound } from '../../../errors.ts';
import { actorOf, assertCan } from '../../../plugins/auth.ts';
import { PhotoNotAllowedError } from '../repositories/photos.ts';
import { photoNotAllowed } from '../photos/service.ts';
import { bearerAuth, errors, IMMUTABLE, type ZodApp } from '../../../routes/types.ts';

/** A photo's URL names its bytes, so it may be kept anywhere for a year (a CDN can sit in front). */

const tooLarge = () => new HttpError(413, `The photo is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);

export async function photoRoutes(app: ZodApp, { env, guards, repos, photos, cache }: Services) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/uploads',
    {
      preHandler: [guards.authenticate, guards.requirePermission('upload:photo')],
      // Counted per seller, after sign-in (not per address: a shop's sellers may share one).
      config: {
        rateLimit: { max: env.UPLOAD_RATE_LIMIT_MAX, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `upload:${actorOf(request).id}` },
      },
      schema: {
        operationId: 'uploadPhoto',
        tags: ['photos'],
        summary: 'Upload one photo of a phone (multipart/form-data, one file, at most 10 MB)',
        description:
          'JPEG, PNG, WebP or HEIC/HEIF, judged by the bytes, not the name or the declared type. The photo is turned upright, ' +
          'stripped of all metadata (GPS included) and stored as WebP 320, 800 and 1600 pixels wide. ' +
          'Put it on a listing within 24 hours (POST /addedproducts or PUT /addedproducts/:id/photos) or it is removed.',
        consumes: ['multipart/form-data'],
        // Read by @fastify/multipart, not validated as JSON: described for the document only.
        'x-body': {
          contentType: 'multipart/form-data',
          description: `One part, named photo, holding the file; no other parts. At most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
          schema: {
            type: 'object',
            required: ['photo'],
            additionalProperties: false,
            properties: { photo: { type: 'string', format: 'binary', contentMediaType: 'image/*', description: 'JPEG, PNG, WebP, HEIC or HEIF' } },
          },
        },
        'x-rules': ['No photo was sent'],
        security: bearerAuth,
        response: { 201: Photo, ...errors(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, 'No photo was sent');
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      const photo = await photos.upload(actorOf(request).id, bytes);
      return reply.code(201).send(photo);
    },
  );

  app.get(
    '/photos/:key',
    {
      // Served to every visitor's cards; the browser and any CDN keep it, so it is never rate limited.
      config: { rateLimit: false },
      schema: {
        operationId: 'getPhoto',
        tags: ['photos'],
        summary: 'A photo file (WebP), cached for a year: its name is its content hash',
        params: PhotoKeyParams,
        response: {
          200: { description: 'The photo file', content: { 'image/webp': { schema: z.string().describe('WebP bytes') } } },
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await photos.file(request.params.key);
      if (!file) throw notFound('Photo');
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        // Bytes are sent as they are (Fastify serialises only objects); the schema covers the error answers.
        .send(file.body as never);
    },
  );

  app.put(
    '/addedproducts/:id/photos',
    {
      preHandler: [guards.authenticate, guards.requirePermission('update:product:own')],
      schema: {
        operationId: 'replaceListingPhotos',
        'x-rules': ['A photo is not one of your uploads, or is already on another listing: upload it again'],
        tags: ['photos'],
        summary: "Set a listing's photos, in order, the first the cover (its seller only)",
        description: 'Photos left out are removed; new ones must be your uploads not yet on a listing.',
        security: bearerAuth,
        params: IdParams,
        body: PhotosBody,
        response: { 200: ListingPhotos, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const product = await repos.catalog.findProduct(request.params.id);
      if (!product || product.deletedAt) throw notFound('Product');
      const seller = actorOf(request);
      assertCan(seller, { own: 'update:product:own' }, product.sellerId);
      // A buyer paid for what the photos showed: they stay as they were.
      if (product.status === 'sold') throw conflict("A sold phone's photos cannot be changed");
      const ids = request.body.photos;
      const cover = await photos.coverOf(seller.id, ids);
      let removed: string[];
      try {
        removed = await repos.catalog.replacePhotos(product.id, seller.id, ids, repos.photos.place, cover);
      } catch (error) {
        if (error instanceof PhotoNotAllowedError) throw photoNotAllowed();
        throw error;
      }
      cache.clear();
      await photos.removeFiles(removed);
      const rows = await repos.photos.forProduct(product.id);
      return { img: cover, photos: rows.map(photos.toPhoto) };
    },
  );
}
