import { Migration } from '@mikro-orm/migrations';

// Every filter a list offers has an index (issue 12). Product limits are listed by the date
// range that meets each warehouse's window; the product filter has product_limits_product.
export class Migration20261123300000_limit_dates extends Migration {
  override up(): void {
    this.addSql(
      'create index product_limits_location_dates on product_limits (organization_id, location_id, start_date, end_date);',
    );
  }

  override down(): void {
    this.addSql('drop index product_limits_location_dates;');
  }
}
