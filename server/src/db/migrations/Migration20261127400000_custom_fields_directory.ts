import { Migration } from '@mikro-orm/migrations';
import { directoryTriggers } from './Migration20261123100000_performance.js';

// Custom fields join the directory (DECISIONS 295): server processes keep the custom fields that
// apply at each location with the cached tenant, so a change to a definition or to where one is
// enabled bumps the directory version when it commits, as a change to a location does, and
// every process reads them again on its next request.
const tables = ['custom_field_definitions', 'custom_field_locations'];

export class Migration20261127400000_custom_fields_directory extends Migration {
  override up(): void {
    this.addSql(tables.map(directoryTriggers).join('\n'));
  }

  override down(): void {
    this.addSql(
      tables
        .map(
          (table) =>
            `drop trigger ${table}_directory_version on ${table}; drop trigger directory_version_truncate on ${table};`,
        )
        .join('\n'),
    );
  }
}
