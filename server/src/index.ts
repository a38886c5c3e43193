// The reference server as a library, for tools that run it in-process (the benchmark, the
// integration tests). Operators use the `wh-server` command instead.

export { ConfigError, configFromEnv, type ServerConfig } from './config.js';
export { type Database, openDatabase } from './db/database.js';
export { type EmbeddedDatabase, type StartEmbeddedOptions, startEmbeddedDatabase } from './db/embedded.js';
export { migrate, type Orm, openOrm } from './db/orm.js';
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
export { type SentStatement, STATEMENTS_CHANNEL } from './sql/statements.js';
export { version } from './version.js';
export { deliverWebhooks, type WebhookDelivery, type WebhookDeliveryConfig } from './webhooks/worker.js';
