// The company fields that have flags on create and update; the rest go in --data.
import { type Command, Option } from 'commander';

export interface CompanyFlags {
  name?: string;
  type?: 'customer' | 'carrier';
  number?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  autoApprove?: boolean;
  canCreateCarriers?: boolean;
}

export function companyOptions(command: Command): Command {
  return command
    .option('--name <name>', 'company name, unique per type')
    .addOption(new Option('--type <type>', 'company type').choices(['customer', 'carrier']))
    .option('--number <number>', "the organization's own reference, e.g. an ERP vendor number")
    .option('--contact-name <name>', 'contact person')
    .option('--contact-email <email>', 'contact e-mail')
    .option('--contact-phone <phone>', 'contact phone')
    .option('--auto-approve', 'book its appointments at once')
    .option('--no-auto-approve', 'its appointments wait as pending for approval')
    .option('--can-create-carriers', 'its users may add carriers')
    .option('--no-can-create-carriers', 'its users may not add carriers');
}

export function companyFields(flags: CompanyFlags): Record<string, unknown> {
  return {
    name: flags.name,
    company_type: flags.type,
    company_number: flags.number,
    contact_name: flags.contactName,
    contact_email: flags.contactEmail,
    contact_phone: flags.contactPhone,
    auto_approve_appointments: flags.autoApprove,
    can_create_carriers: flags.canCreateCarriers,
  };
}

export const companyColumns = ['id', 'name', 'company_type', 'company_number', 'auto_approve_appointments'];
