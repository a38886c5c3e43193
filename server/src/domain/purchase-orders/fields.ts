// An order's own fields, planned before anything is written: `po_number` unique within the
// organization (DECISIONS 32), texts trimmed, and the fields a warehouse requires
// (`requiredPoFields`) present on an order assigned to it.
import type { components } from '@warehouse-kit/spec';
import type { Location } from '../../entities/location.js';
import type { PurchaseOrder } from '../../entities/purchase-order.js';
import type { FieldErrorCollector } from '../field-error-collector.js';
import { trimToNull } from '../text.js';
import type { PurchaseOrderLookups } from './lookups.js';

/**
 * What a `po_number` in use answers, wherever the order holding it is: it names no order and no
 * location, so that it says nothing of orders the caller cannot see (DECISIONS 142).
 */
export const PO_NUMBER_TAKEN = 'has already been taken';

export type PurchaseOrderInput = components['schemas']['PurchaseOrderFields'] & { po_number?: string };

export interface OrderFields {
  poNumber: string;
  carrierName: string | null;
  referenceNumbers: string[];
  notes: string | null;
}

/**
 * The order's own fields as `input` changes them. A new number is looked up unless `checkNumber`
 * is false: then its error's place among the others is kept for the caller, who checks it
 * later or leaves it to the unique index (DECISIONS 415).
 */
export async function plannedFields(
  lookups: PurchaseOrderLookups,
  order: Pick<PurchaseOrder, 'poNumber' | 'carrierName' | 'referenceNumbers' | 'notes'> | undefined,
  input: PurchaseOrderInput,
  errors: FieldErrorCollector,
  checkNumber = true,
): Promise<OrderFields> {
  const poNumber = input.po_number === undefined && order ? order.poNumber : (trimToNull(input.po_number) ?? '');
  if (!poNumber) errors.add('po_number', "can't be blank");
  else if (poNumber !== order?.poNumber) {
    if (!checkNumber) errors.reserve('po_number');
    else if (await lookups.numberTaken(poNumber)) errors.add('po_number', PO_NUMBER_TAKEN);
  }

  const referenceNumbers =
    input.reference_numbers?.map((reference) => reference.trim()) ?? order?.referenceNumbers ?? [];
  if (input.reference_numbers) {
    for (const [index, reference] of referenceNumbers.entries()) {
      if (!reference) errors.add(`reference_numbers[${index}]`, "can't be blank");
    }
  }
  return {
    poNumber,
    carrierName: input.carrier_name === undefined ? (order?.carrierName ?? null) : trimToNull(input.carrier_name),
    referenceNumbers,
    notes: input.notes === undefined ? (order?.notes ?? null) : trimToNull(input.notes),
  };
}

/** The order fields a warehouse may require, by their API name. */
const requirable = {
  expected_starts_at: 'expectedStartsAt',
  expected_ends_at: 'expectedEndsAt',
  carrier_name: 'carrierName',
  notes: 'notes',
} as const;

export type Requirable = keyof typeof requirable;

/** The names a warehouse's `requiredPoFields` may hold. */
export const requirableFields = Object.keys(requirable) as Requirable[];

/** Adds an error for each field the effective warehouse requires that the order will not have. */
export function checkRequiredFields(
  location: Location | null,
  order: { [K in (typeof requirable)[Requirable]]: unknown },
  errors: FieldErrorCollector,
): void {
  for (const field of location?.requiredPoFields ?? []) {
    if (Object.hasOwn(requirable, field) && order[requirable[field as Requirable]] == null)
      errors.add(field, `can't be blank (${location!.name} requires it)`);
  }
}
