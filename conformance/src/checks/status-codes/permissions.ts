// What each role may do (§4.4, §4.6 update rule 2, §5 rule 3): companies need admin membership,
// a move needs write access where the order is, and a read-only role may view.
import type { GroupBuilder } from '../../check.js';
import { readOnlyAssignment } from '../../fixtures/changed-orders.js';
import { productAt } from '../../fixtures/products.js';
import { createTimedOrder } from '../../fixtures/purchase-orders.js';
import { listedLocation } from '../../needs.js';
import { expectStatus } from '../../problems.js';

export function definePermissions(group: GroupBuilder): void {
  group.check(
    {
      name: 'companies_need_admin_membership',
      method: 'GET',
      path: '/companies',
      status: 403,
      section: '§4.4',
      verifies: ['§4.4.admin-membership'],
    },
    async ({ ctx }) => {
      expectStatus(
        await ctx.send(ctx.noAdmin!, 'GET', '/companies'),
        403,
        'for a token that is admin nowhere: authorization for companies uses admin membership in the organization (§4.4)',
      );
    },
  );

  group.check(
    {
      name: 'move_needs_write_at_current',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 403,
      section: '§4.6',
      verifies: ['§4.6.update.rule-2.both'],
    },
    async (run) => {
      const { ctx, skip } = run;
      const readOnly = ctx.readOnly!;
      const current = listedLocation(run, readOnly.location, 'read_only');
      // The token's assignment of an unassigned order shows it may write at the destination.
      const { destination, update } = await readOnlyAssignment(run);
      if (update.status !== 200)
        skip(`tokens.read_only could not assign an order to ${destination.name} either, so a 403 would prove nothing`);
      const { record } = await createTimedOrder(ctx, `order at ${current.name} to move`, current, {}, [destination]);
      const move = await ctx.send(readOnly, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { location_name: destination.name } },
      });
      expectStatus(
        move,
        403,
        `for a move from ${current.name}, where the token is read-only, to ${destination.name}, where it may write: ` +
          'write permission is needed at both the current location and the destination (§4.6 update rule 2)',
      );
    },
  );

  group.check(
    {
      name: 'read_only_may_view',
      method: 'GET',
      path: '/products/{id}',
      status: 200,
      section: '§5',
      verifies: ['§5.rule-3.read-only'],
    },
    async (run) => {
      const { ctx } = run;
      const readOnly = ctx.readOnly!;
      const { record } = await productAt(ctx, listedLocation(run, readOnly.location, 'read_only'));
      expectStatus(
        await ctx.send(readOnly, 'GET', '/products/{id}', { path: { id: record.id } }),
        200,
        `for a product at ${readOnly.location}, where the role is read-only: it allows viewing (§5 rule 3)`,
      );
    },
  );
}
