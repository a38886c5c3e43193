// The reference server as a library, for tools that run it in-process (the benchmark, the
// tests' harness in the private `testing` workspace). Operators use the `wh-server` command instead.

export { ConfigError, configFromEnv, type ServerConfig } from './config.js';
export { type Database, openDatabase } from './db/database.js';
export { type EmbeddedDatabase, type StartEmbeddedOptions, startEmbeddedDatabase } from './db/embedded.js';
export { recordTables } from './db/migrations/Migration20261207100000_organization_ids.js';
export { migrate, type Orm, openOrm } from './db/orm.js';
export { sweepExpiredEvents } from './events/retention.js';
export { createLogger, type Logger } from './logging/logger.js';
export {
  type Fixture,
  FixtureError,
  type LocationFixture,
  type OrganizationFixture,
  parseFixture,
  readFixture,
  type UserFixture,
} from './provision/fixture.js';
export { ProfileChoiceError, type ProfileOptions, profileFor } from './provision/profile.js';
export { ProvisioningError, provision } from './provision/provision.js';
export { type AppOptions, createApp } from './serve/app.js';
export { createHttpServer, listen } from './serve/http-server.js';
export { affectedRows, raw, rows, type SentStatement, STATEMENTS_CHANNEL, sql } from './sql/statements.js';
export { version } from './version.js';
export { deliverWebhooks, type WebhookDelivery, type WebhookDeliveryConfig } from './webhooks/worker.js';
