// The test run's key for webhook secrets (DECISIONS 435): random for each run, never the demo's,
// and the same for the in-process servers and every `wh-server` the run starts, which inherit it
// through WH_WEBHOOK_SECRET_KEY, so that one's endpoints sign in the others.
import { randomBytes } from 'node:crypto';

const VARIABLE = 'WH_WEBHOOK_SECRET_KEY';

/** The run's key, made at the first call when the environment has none. */
export function testWebhookSecretKey(): string {
  process.env[VARIABLE] ||= randomBytes(32).toString('base64url');
  return process.env[VARIABLE];
}
