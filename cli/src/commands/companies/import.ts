// `whctl companies import`: create or update customers and carriers from CSV or NDJSON through
// the shared import engine. A company is found by its name and type, unique together; ids in
// the file are ignored, so an export from one deployment imports into another (DECISIONS 316).
import { paginate, type Schema, type WarehouseClient } from '@warehouse-kit/sdk';
import { importCommand } from '../../import/command.js';
import { type FlatRecord, type FlatShape, filled, flatImporter } from '../../import/flat.js';
import { named } from '../../import/match.js';

type Company = Schema<'Company'>;

const shape: FlatShape = {
  path: '/companies',
  wrapper: 'company',
  columns: {
    name: 'text',
    company_type: 'text',
    company_number: 'nullable',
    contact_name: 'nullable',
    contact_email: 'nullable',
    contact_phone: 'nullable',
    address_line1: 'nullable',
    address_line2: 'nullable',
    city: 'nullable',
    region: 'nullable',
    postal_code: 'nullable',
    country: 'nullable',
    auto_approve_appointments: 'boolean',
    can_create_carriers: 'boolean',
  },
  answerFields: ['id', 'created_at', 'updated_at'],
  keyOf: ({ name, company_type: type }) => {
    if (!filled(name)) throw new Error('a company needs a name to be found by');
    return {
      key: [`${filled(type) ?? ''}\n${filled(name)!.toLowerCase()}`, `name ${filled(name)}`],
      label: filled(name)!,
    };
  },
};

async function find(client: WarehouseClient, { fields }: FlatRecord): Promise<Company | undefined> {
  const [name, type] = [filled(fields.name)!, filled(fields.company_type)];
  const query = { name, company_type: type as Company['company_type'] | undefined, per_page: 100 };
  const found: Company[] = [];
  for await (const company of paginate(client, '/companies', { params: { query } })) found.push(company);
  return named(found, name, `a customer and a carrier are both named ${name}; add a company_type column`);
}

export const importCompanies = importCommand(flatImporter('companies', shape, find), {
  description: 'create or update customers and carriers by name and type from a CSV or NDJSON file',
  file: 'CSV (one row per company, a header row first) or NDJSON (one company per line)',
  columns: Object.keys(shape.columns),
  details: `
A company is found by name (and company_type, when the file has it): updated when found, else
created. A column present in the file is set (an empty cell clears a contact or address field;
an empty name, company_type or true/false cell leaves it as it is); a column left out leaves
that field as it is.`,
  examples: [
    'whctl companies import companies.csv',
    'whctl --profile staging companies list --all -o csv | whctl --profile production companies import - --format csv',
    "whctl companies import companies.csv --query '[].[name, action]'",
  ],
  queryExample: '[].[name, action]',
});
