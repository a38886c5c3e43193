// A harness for tests that need the reference server: the test run's PostgreSQL, an
// in-process server, a freshly provisioned organization ("world") per suite, a client that
// chooses the Host header, and `wh-server` as a child process. Used by the server's own tests
// and by the tests of the SDK, whctl and the conformance suite against it.
export {
  type ChildServer,
  type ChildServerOptions,
  SERVER_BIN,
  startChildServer,
  stopChildServer,
} from './child-server.js';
export { closeTestOrm, countQueries, recordQueries, resetRateLimits, testDatabaseUrl, testOrm } from './database.js';
export { expireEvents, type FeedEvent, feedEnd, readUntil } from './events.js';
export { ApiClient, type RequestOptions, send, type TestResponse } from './http.js';
export { recordFixtureTokens, runLogDestination, runLogPath, tokensIn } from './run-log.js';
export { startTestServer, TEST_BASE_HOST, type TestServer, type TestServerOptions } from './server.js';
export { testWebhookSecretKey } from './webhook-secret-key.js';
export {
  createWorld,
  type LocationKey,
  locationNames,
  standardOrganization,
  startWorld,
  type UserKey,
  uniqueId,
  type World,
} from './world.js';
