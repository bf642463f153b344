import { DeletedCount, DigestsSent, IdParams, RenameSearchBody, SavedSearch, SavedSearchList, SaveSearchBody, SearchQuery } from '@phonehaat/shared-api';
import type { Services } from '../../../services.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { bearerAuth, errors, type ZodApp } from '../../../routes/types.ts';

/** The search's address as a query string, each parameter as the search page would send it (repeated for lists). */
function queryObject(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length > 1 ? values : values[0]!;
  }
  return object;
}

/** Searches a person keeps (issue 27): new listings that match are notified once each, and e-mailed in a daily digest. */
export async function savedSearchRoutes(app: ZodApp, services: Services) {
  ownSearchRoutes(app, services);
  digestRoutes(app, services);
}

/** A person's saved searches. */
function ownSearchRoutes(app: ZodApp, { repos, guards, search }: Services) {
  const own = [guards.authenticate, guards.requirePermission('save:search:own')];
  const tags = ['saved-searches'];

  app.post(
    '/saved-searches',
    {
      preHandler: own,
      schema: {
        operationId: 'createSavedSearch',
        'x-rules': ['The search is not valid: <why>'],
        tags,
        summary: 'Save a search (its query string, as in the search page\'s address) under a name; at most 50 a person',
        security: bearerAuth,
        body: SaveSearchBody,
        response: { 201: SavedSearch, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = actorOf(request);
      // The same rules as the search itself: a filter it would refuse is refused here, by name.
      const parsed = SearchQuery.safeParse(queryObject(request.body.query));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(`The search is not valid: ${issue.message}`, 'query');
      }
      const normalized = new URLSearchParams(
        Object.entries(queryObject(request.body.query)).flatMap(([key, value]) =>
          ['page', 'limit'].includes(key) ? [] : (Array.isArray(value) ? value : [value]).map((item) => [key, item]),
        ),
      ).toString();
      const criteria = await search.criteriaOf(parsed.data);
      return reply.code(201).send(await repos.savedSearches.create(me.id, request.body.name, normalized, criteria));
    },
  );

  app.get(
    '/saved-searches',
    {
      preHandler: own,
      schema: { operationId: 'listSavedSearches', tags, summary: "The caller's saved searches, oldest first", security: bearerAuth, response: { 200: SavedSearchList, ...errors(401, 403) } },
    },
    async (request) => repos.savedSearches.list(actorOf(request).id),
  );

  app.put(
    '/saved-searches/:id',
    {
      preHandler: own,
      schema: {
        operationId: 'renameSavedSearch',
        tags,
        summary: 'Rename one of the caller\'s saved searches',
        security: bearerAuth,
        params: IdParams,
        body: RenameSearchBody,
        response: { 200: SavedSearch, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const renamed = await repos.savedSearches.rename(actorOf(request).id, request.params.id, request.body.name);
      if (!renamed) throw notFound('Saved search');
      return renamed;
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      preHandler: own,
      schema: {
        operationId: 'deleteSavedSearch',
        tags,
        summary: "Delete one of the caller's saved searches (its notifications stay)",
        security: bearerAuth,
        params: IdParams,
        response: { 200: DeletedCount, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deletedCount = await repos.savedSearches.remove(actorOf(request).id, request.params.id);
      if (!deletedCount) throw notFound('Saved search');
      return { deletedCount };
    },
  );
}

/** The daily digest, sent now. */
function digestRoutes(app: ZodApp, { guards, sendDigests }: Services) {
  const tags = ['saved-searches'];

  app.post(
    '/admin/digests',
    {
      preHandler: [guards.authenticate, guards.requirePermission('send:digest:any')],
      schema: {
        operationId: 'sendSavedSearchDigests',
        tags,
        summary: "Send the saved-search digest now (it goes out daily at DIGEST_CRON): one e-mail a person, with the new phones since the last",
        security: bearerAuth,
        response: { 200: DigestsSent, ...errors(401, 403) },
      },
    },
    async () => ({ emails: await sendDigests() }),
  );
}
