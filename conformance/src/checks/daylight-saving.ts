// Offset-less times that a daylight-saving change skips or repeats (DECISIONS 23): a skipped
// time moves forward by the gap, a repeated one is the earlier instant. Sent at every listed
// location whose zone changes, so a profile with a northern and a southern warehouse checks
// both changes of both hemispheres.
import type { CheckRun, GroupBuilder } from '../check.js';
import { createOrder } from '../fixtures/purchase-orders.js';
import { Problems } from '../problems.js';
import { expectedInstant, receivedInstant, type Transition, transitions } from '../zones.js';

const hemisphere = (change: Transition) =>
  // Clocks go forward in spring: March to April in the north, September to October in the south.
  (change.kind === 'gap') === change.at.month <= 6 ? 'northern' : 'southern';

async function acrossChanges(run: CheckRun, kind: Transition['kind'], rule: string): Promise<void> {
  const { ctx } = run;
  const cases = [ctx.home, ...ctx.others].flatMap((location) =>
    transitions(location.timeZone)
      .filter((change) => change.kind === kind)
      .slice(0, 1)
      .map((change) => ({ location, change })),
  );
  if (!cases.length)
    run.skip("no listed location's zone has a daylight-saving change in the next 400 days to send times across");
  for (const { location, change } of cases) {
    const { exchange, record } = await createOrder(
      ctx,
      `order at a ${kind} of ${location.timeZone}`,
      { location_name: location.name, expected_starts_at: change.wall },
      ctx.writerAt(location),
    );
    const expected = expectedInstant(change.wall, location.timeZone);
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
