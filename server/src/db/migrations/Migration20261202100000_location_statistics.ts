import { Migration } from '@mikro-orm/migrations';

// Lists filter their table by organization and by location, and a location belongs to one
// organization (DECISIONS 419). PostgreSQL multiplies two filters' selectivities as if they were
// independent, so with other organizations' rows in the table it took a location's rows for
// fewer than they are, and chose plans for a few rows: at 10,000 products a warehouse beside an
// organization of 100,000, it expected 6,861 of 30,000, and sorted all 30,000 (spilling to disk)
// to read page 1,000 of products, 35 ms, where the organization's index reads it in 8.6 ms once
// the statistics say that the location decides the organization.
const listedTables = ['products', 'purchase_orders', 'appointments'];

export class Migration20261202100000_location_statistics extends Migration {
  override up(): void {
    for (const table of listedTables)
      this.addSql(
        `create statistics ${table}_organization_location (dependencies) on organization_id, location_id from ${table};`,
      );
    // Gathered now, not at autovacuum's next pass over a table that may not change for a while.
    this.addSql(`analyze ${listedTables.join(', ')};`);
  }

  override down(): void {
    for (const table of listedTables) this.addSql(`drop statistics ${table}_organization_location;`);
  }
}
