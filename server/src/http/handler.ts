// The typed contract between the spec-driven router and the resource handlers: each
// handler is keyed by its operationId and receives validated input typed by the generated
// `operations`, and must return the body the spec documents for its success status.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { operations } from '@warehouse-kit/spec';
import type { ParameterizedContext } from 'koa';
import type { Access } from '../domain/access.js';
import type { EventLog } from '../events/event-log.js';
import type { WebhookSettings } from '../webhooks/settings.js';

/**
 * The operations the server answers with a handler: those with a success response. An
 * operation documented only for its refusal (DELETE of an appointment) has none; the method
 * check answers it with 405.
 */
export type OperationId = {
  [K in keyof operations]: operations[K]['responses'] extends { 200: unknown } | { 204: unknown } ? K : never;
}[keyof operations];

type Parameters<K extends OperationId> = operations[K]['parameters'];
type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type QueryOf<K extends OperationId> = NonNullable<Parameters<K>['query']>;
export type PathOf<K extends OperationId> = Parameters<K> extends { path: infer P } ? P : Record<string, never>;
export type BodyOf<K extends OperationId> = operations[K] extends { requestBody: infer R } ? JsonBody<R> : undefined;

/** The 200 body of an operation; `null` for operations whose success is 204 No Content. */
export type SuccessOf<K extends OperationId> = operations[K]['responses'] extends { 200: infer R } ? JsonBody<R> : null;

export interface HandlerInput<K extends OperationId> {
  query: QueryOf<K>;
  path: PathOf<K>;
  body: BodyOf<K>;
  access: Access;
  em: EntityManager;
  /** The events of this request's changes, written last in its transaction (DECISIONS 171, 471). */
  events: EventLog;
  /** The configuration webhook endpoints need: the SSRF guard's setting and the secrets' key. */
  webhooks: WebhookSettings;
  /** For response headers (pagination) and the request URL; not for the body. */
  ctx: ParameterizedContext;
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>) => Promise<SuccessOf<K>>;

export type Handlers = { [K in OperationId]: Handler<K> };
