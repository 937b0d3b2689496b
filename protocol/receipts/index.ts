// The receipt vocabulary shared by the lane's receipts and the service's formatted copies.
export * from './receipt-words.ts';
