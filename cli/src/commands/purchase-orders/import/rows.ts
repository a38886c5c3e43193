// An import file read into orders, one per PO number, before anything is sent.

export interface ItemInput {
  product_name?: unknown;
  quantity?: unknown;
  customer_name?: unknown;
  [field: string]: unknown;
}

export interface ImportOrder {
  /** The file line the order starts on, for the report. */
  line: number;
  poNumber: string;
  /** The order's fields other than `po_number` and its items; a field absent from the file is left unchanged. */
  fields: Record<string, unknown>;
  /** The order's complete line items; undefined when the file says nothing about items. */
  items: ItemInput[] | undefined;
}

/** A row that cannot be imported as written; the other rows still are. */
export interface RowError {
  line: number;
  poNumber: string | undefined;
  error: string;
}

export interface ParsedFile {
  orders: ImportOrder[];
  errors: RowError[];
}
