// Offset-less times that a daylight-saving change skips or repeats (DECISIONS 23): a skipped
// time moves forward by the gap, a repeated one is the earlier instant. Sent at the first listed
// location of each hemisphere whose zone changes, so a profile with a northern and a southern
// warehouse checks both changes of both hemispheres.
import type { CheckRun, GroupBuilder } from '../check.js';
import { createOrder } from '../fixtures/purchase-orders.js';
import { Problems } from '../problems.js';
import type { ResolvedLocation } from '../profile.js';
import { expectedInstant, receivedInstant, type Transition, transitions } from '../zones.js';

const hemisphere = (change: Transition) =>
  // Clocks go forward in spring: March to April in the north, September to October in the south.
  (change.kind === 'gap') === change.at.month <= 6 ? 'northern' : 'southern';

async function acrossChanges(run: CheckRun, kind: Transition['kind'], rule: string): Promise<void> {
  const { ctx } = run;
  // One location per hemisphere: zones of a hemisphere change on the same kind of rule, and
  // each order sent costs budget the other checks need.
  const byHemisphere = new Map<string, { location: ResolvedLocation; change: Transition }>();
  for (const location of [ctx.home, ...ctx.others]) {
    const change = transitions(location.time_zone).find((candidate) => candidate.kind === kind);
    if (change && !byHemisphere.has(hemisphere(change))) byHemisphere.set(hemisphere(change), { location, change });
  }
  const cases = [...byHemisphere.values()];
  if (!cases.length)
    run.skip("no listed location's zone has a daylight-saving change in the next 400 days to send times across");
  for (const { location, change } of cases) {
    const { exchange, record } = await createOrder(
      ctx,
      `order at a ${kind} of ${location.time_zone}`,
      { location_name: location.name, expected_starts_at: change.wall },
      ctx.writerAt(location),
    );
    const expected = expectedInstant(change.wall, location.time_zone);
    const received = receivedInstant(record.expected_starts_at);
    new Problems(exchange)
      .expect(
        received?.toMillis() === expected.toMillis(),
        'expected_starts_at',
        () => `${JSON.stringify(record.expected_starts_at)} for ${change.wall}`,
        `${expected.toISO({ suppressMilliseconds: true })}: ${change.wall} at ${location.name}, ` +
          `${rule} on ${change.at.toISODate()} (${hemisphere(change)} hemisphere; decision 23)`,
      )
      .throwIfAny();
  }
}

export function defineDaylightSaving(group: GroupBuilder): void {
  group.check(
    {
      name: 'skipped_local_time_moves_forward',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: 'decision 23',
      verifies: ['§8.timestamps.input'],
    },
    (run) => acrossChanges(run, 'gap', 'moved forward by the gap its spring-forward change skips'),
  );

  group.check(
    {
      name: 'repeated_local_time_takes_earlier',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: 'decision 23',
      verifies: ['§8.timestamps.input'],
    },
    (run) => acrossChanges(run, 'overlap', 'the earlier of the two instants its fall-back change repeats'),
  );
}
