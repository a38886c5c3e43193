// Expiring a world's events, for the tests of clients (SDK, whctl) that must meet a 410 the way
// a reader does after the retention period, without waiting 30 days.
import { sweepExpiredEvents } from '../domain/events/retention.js';
import { testOrm } from './database.js';

/**
 * Dates every event of the organization `subdomain` back past the retention period and sweeps
 * them, as the server does once a minute; answers how many were deleted.
 */
export async function expireEvents(subdomain: string, retentionDays = 30): Promise<number> {
  const orm = await testOrm();
  await orm.em
    .getConnection()
    .execute(
      'update events set occurred_at = occurred_at - make_interval(days => ?) where organization_id = (select id from organizations where subdomain = ?)',
      [retentionDays + 1, subdomain],
    );
  return sweepExpiredEvents(orm.em.fork(), retentionDays);
}
