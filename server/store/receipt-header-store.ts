/** The lines of a merchant's receipt header (007_receipt_header); '' where not set. */
export interface ReceiptHeader {
  name: string;
  addr1: string;
  addr2: string;
  addr3: string;
  phone: string;
  email: string;
}

/** The fields of a receipt header, in print order. */
export const RECEIPT_HEADER_FIELDS: readonly (keyof ReceiptHeader)[] = [
  'name',
  'addr1',
  'addr2',
  'addr3',
  'phone',
  'email',
];

/**
 * Merchants' receipt headers (007_receipt_header: receipt_headers): what the formatted receipt's
 * merch_info part and the transaction detail's merch_* fields print.
 */
export interface ReceiptHeaderStore {
  /** The merchant's header, or undefined when none was set. */
  find(merchantId: number): Promise<ReceiptHeader | undefined>;
  /**
   * Sets the fields given, keeping the others, as one atomic change; an empty value clears a field
   * (seed: What the service does §5, "empty means clear this setting"). Returns the header now.
   */
  update(merchantId: number, fields: Partial<ReceiptHeader>, nowTs: number): Promise<ReceiptHeader>;
}
