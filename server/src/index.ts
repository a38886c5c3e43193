// The reference server as a library, for tools that run it in-process (the benchmark, the
// integration tests). Operators use the `wh-server` command instead.
export { createApp, type AppOptions } from './app.js';
export { configFromEnv, type ServerConfig } from './config.js';
export { openDatabase, type Database } from './db/database.js';
export { startEmbeddedDatabase, type EmbeddedDatabase, type StartEmbeddedOptions } from './db/embedded.js';
export { migrate, openOrm, type Orm } from './db/orm.js';
export {
  FixtureError,
  parseFixture,
  readFixture,
  type Fixture,
  type OrganizationFixture,
  type LocationFixture,
  type UserFixture,
} from './provision/fixture.js';
export { profileFor, ProfileChoiceError, type ProfileOptions } from './provision/profile.js';
export { provision, ProvisioningError } from './provision/provision.js';
export { version } from './version.js';
