// The receipt vocabulary: every fixed word a receipt prints, by language, read by the lane's
// receipt builder and the service's formatted copies alike (docs/lane-devices.md › Receipts,
// docs/api.md › Receipts).

/** Languages a receipt prints in (the lane's languages): English and Spanish. */
export type ReceiptLanguage = 'en' | 'es';

/** Every fixed word a receipt prints, in one language. */
export interface ReceiptWords {
  approved: string;
  partial: string;
  declined: string;
  /** Headlines of a transaction as it stands now (its receipt seen or reprinted later). */
  notCharged: string;
  voided: string;
  reversed: string;
  refunded: string;
  partlyRefunded: string;
  amount: string;
  requested: string;
  approvedAmount: string;
  currentAmount: string;
  balanceDue: string;
  tip: string;
  cashback: string;
  total: string;
  balance: string;
  card: string;
  account: string;
  entry: string;
  accountType: string;
  name: string;
  authCode: string;
  ttid: string;
  batch: string;
  item: string;
  order: string;
  response: string;
  issuerResponse: string;
  lane: string;
  clerk: string;
  status: string;
  aid: string;
  appName: string;
  tvr: string;
  tsi: string;
  cryptogram: string;
  cvm: string;
  cvmPin: string;
  cvmNone: string;
  cvmFailed: string;
  iad: string;
  formFactor: string;
  pinBypass: string;
  bypassed: string;
  cardDeclined: string;
  signature: string;
  agreement: string;
  customerCopy: string;
  merchantCopy: string;
  duplicate: string;
  /** The mark of a sale the lane approved offline, and what it means for the cardholder. */
  offline: string;
  offlineNote: string;
  /** The merchant copy's line naming the manager who passed an offline limit. */
  offlineOverride: string;
  training: string;
  trainingNote: string;
  titles: Readonly<Record<string, string>>;
  entryModes: Readonly<Record<string, string>>;
  /**
   * A decline's reason by the lane's code for it (the lane API's DeclineReason), in words a
   * customer reads: printed in place of the service's own text, which is technical English.
   */
  declineReasons: Readonly<Record<string, string>>;
}

/** Decline reasons in English, capitals, each within 32 columns (a 58 mm roll). */
const DECLINES_EN = {
  declined: 'DECLINED BY ISSUER',
  insufficient_funds: 'INSUFFICIENT FUNDS',
  expired_card: 'EXPIRED CARD',
  wrong_pin: 'INCORRECT PIN',
  call_issuer: 'CALL CARD ISSUER',
  pick_up_card: 'ISSUER ASKS TO KEEP THE CARD',
  try_again: 'PLEASE TRY AGAIN',
  avs_mismatch: 'ADDRESS DOES NOT MATCH',
  cv_mismatch: 'SECURITY CODE DOES NOT MATCH',
  card_not_supported: 'CARD NOT ACCEPTED',
  not_gift_card: 'NOT A GIFT CARD',
  card_unreadable: 'CARD COULD NOT BE READ',
  duplicate: 'DUPLICATE TRANSACTION',
  deny_list: 'CARD NOT ACCEPTED',
  gift_not_active: 'GIFT CARD NOT ACTIVE',
  gift_already_active: 'GIFT CARD ALREADY ACTIVE',
  gift_set_value: 'GIFT CARD OF A SET VALUE',
  card_declined: 'DECLINED BY CARD',
  not_allowed_now: 'NOT ALLOWED NOW',
  not_permitted: 'NOT PERMITTED',
  override_refused: 'MANAGER APPROVAL REFUSED',
  processor_unavailable: 'CARD NETWORK UNAVAILABLE',
  service_unavailable: 'PAYMENT SERVICE UNAVAILABLE',
  not_offered: 'OPERATION NOT OFFERED',
  lane_setup: 'TERMINAL SETUP ERROR',
  offline_refused: 'CANNOT BE APPROVED OFFLINE',
};

/**
 * Decline reasons in Spanish (the keys of DECLINES_EN), capitals without accents (cp437), each
 * within 32 columns.
 */
const DECLINES_ES: Readonly<Record<keyof typeof DECLINES_EN, string>> = {
  declined: 'RECHAZADA POR EL EMISOR',
  insufficient_funds: 'FONDOS INSUFICIENTES',
  expired_card: 'TARJETA VENCIDA',
  wrong_pin: 'PIN INCORRECTO',
  call_issuer: 'LLAME AL EMISOR',
  pick_up_card: 'RETENER LA TARJETA',
  try_again: 'INTENTE DE NUEVO',
  avs_mismatch: 'LA DIRECCION NO COINCIDE',
  cv_mismatch: 'CODIGO DE SEGURIDAD NO COINCIDE',
  card_not_supported: 'TARJETA NO ACEPTADA',
  not_gift_card: 'NO ES UNA TARJETA REGALO',
  card_unreadable: 'NO SE PUDO LEER LA TARJETA',
  duplicate: 'TRANSACCION DUPLICADA',
  deny_list: 'TARJETA NO ACEPTADA',
  gift_not_active: 'TARJETA REGALO NO ACTIVADA',
  gift_already_active: 'TARJETA REGALO YA ACTIVADA',
  gift_set_value: 'TARJETA REGALO DE VALOR FIJO',
  card_declined: 'RECHAZADA POR LA TARJETA',
  not_allowed_now: 'NO PERMITIDA AHORA',
  not_permitted: 'NO PERMITIDA',
  override_refused: 'GERENTE NO AUTORIZO',
  processor_unavailable: 'PROCESADOR NO DISPONIBLE',
  service_unavailable: 'SERVICIO NO DISPONIBLE',
  not_offered: 'OPERACION NO OFRECIDA',
  lane_setup: 'ERROR DE CONFIGURACION',
  offline_refused: 'NO SE PUEDE APROBAR SIN CONEXION',
};

/** Titles by operation (protocol OPERATIONS) in English. */
const TITLES_EN = {
  sale: 'SALE',
  preauth: 'PRE-AUTHORIZATION',
  preauthcomplete: 'COMPLETION',
  capture: 'CAPTURE',
  incremental: 'INCREMENTAL AUTHORIZATION',
  adjust: 'TIP ADJUST',
  reversal: 'REVERSAL',
  void: 'VOID',
  refund: 'REFUND',
  balanceinq: 'BALANCE INQUIRY',
  activate: 'GIFT CARD ACTIVATION',
  issue: 'GIFT CARD ISSUE',
  cashout: 'GIFT CARD CASH OUT',
  merchreturn: 'GIFT CARD RETURN',
};

/**
 * rcpt_entry_mode letters in words (the UniTerm SDK's response fields, github.com/VinceG/
 * php-uniterm-sdk src/Response.php): G keyed after a chip failure, M keyed, T chip contactless,
 * C chip, F swipe after a chip failure, R contactless magnetic stripe, S swipe, I check read.
 */
const ENTRY_EN = {
  G: 'KEYED (CHIP FAILED)',
  M: 'KEYED',
  T: 'CONTACTLESS',
  C: 'CHIP',
  F: 'SWIPED (CHIP FAILED)',
  R: 'CONTACTLESS SWIPE',
  S: 'SWIPED',
  I: 'CHECK READ',
};

/**
 * The receipt's words per language (docs/lane-devices.md, Receipts). Spanish capitals go without
 * accents: cp437, the printers' default page, has no Á, Í, Ó or Ú.
 */
export const RECEIPT_WORDS: Readonly<Record<ReceiptLanguage, ReceiptWords>> = {
  en: {
    approved: 'APPROVED',
    partial: 'PARTIALLY APPROVED',
    declined: 'DECLINED',
    notCharged: 'NOT CHARGED',
    voided: 'VOID',
    reversed: 'REVERSED',
    refunded: 'REFUNDED',
    partlyRefunded: 'PARTLY REFUNDED',
    amount: 'AMOUNT',
    requested: 'REQUESTED',
    approvedAmount: 'APPROVED',
    currentAmount: 'CURRENT AMOUNT',
    balanceDue: 'BALANCE DUE',
    tip: 'TIP',
    cashback: 'CASH BACK',
    total: 'TOTAL',
    balance: 'CARD BALANCE',
    card: 'CARD',
    account: 'ACCOUNT',
    entry: 'ENTRY',
    accountType: 'ACCOUNT TYPE',
    name: 'NAME',
    authCode: 'AUTH CODE',
    ttid: 'TRANSACTION',
    batch: 'BATCH',
    item: 'ITEM',
    order: 'ORDER',
    response: 'RESPONSE',
    issuerResponse: 'ISSUER RESPONSE',
    lane: 'LANE',
    clerk: 'CLERK',
    status: 'STATUS',
    aid: 'AID',
    appName: 'APP NAME',
    tvr: 'TVR',
    tsi: 'TSI',
    cryptogram: 'AC',
    cvm: 'CVM',
    cvmPin: 'PIN',
    cvmNone: 'NO CVM',
    cvmFailed: 'FAILED',
    iad: 'IAD',
    formFactor: 'FORM FACTOR',
    pinBypass: 'PIN BYPASSED',
    bypassed: 'BYPASSED',
    cardDeclined: 'DECLINED BY CARD',
    signature: 'SIGNATURE',
    agreement: 'I AGREE TO PAY THE ABOVE TOTAL ACCORDING TO MY CARD ISSUER AGREEMENT',
    customerCopy: 'CUSTOMER COPY',
    merchantCopy: 'MERCHANT COPY',
    duplicate: 'DUPLICATE',
    offline: 'OFFLINE',
    offlineNote: 'APPROVED OFFLINE: SENT TO THE BANK LATER',
    offlineOverride: 'OFFLINE OVERRIDE',
    training: 'TRAINING',
    trainingNote: 'NOT A REAL TRANSACTION',
    titles: TITLES_EN,
    entryModes: ENTRY_EN,
    declineReasons: DECLINES_EN,
  },
  es: {
    approved: 'APROBADA',
    partial: 'APROBADA PARCIALMENTE',
    declined: 'RECHAZADA',
    notCharged: 'NO COBRADA',
    voided: 'ANULADA',
    reversed: 'REVERSADA',
    refunded: 'DEVUELTA',
    partlyRefunded: 'DEVUELTA EN PARTE',
    amount: 'IMPORTE',
    requested: 'SOLICITADO',
    approvedAmount: 'APROBADO',
    currentAmount: 'IMPORTE ACTUAL',
    balanceDue: 'SALDO PENDIENTE',
    tip: 'PROPINA',
    cashback: 'EFECTIVO',
    total: 'TOTAL',
    balance: 'SALDO DE TARJETA',
    card: 'TARJETA',
    account: 'CUENTA',
    entry: 'LECTURA',
    accountType: 'TIPO DE CUENTA',
    name: 'NOMBRE',
    authCode: 'AUTORIZACION',
    ttid: 'TRANSACCION',
    batch: 'LOTE',
    item: 'ARTICULO',
    order: 'PEDIDO',
    response: 'RESPUESTA',
    issuerResponse: 'RESPUESTA EMISOR',
    lane: 'CAJA',
    clerk: 'CAJERO',
    status: 'ESTADO',
    aid: 'AID',
    appName: 'APLICACION',
    tvr: 'TVR',
    tsi: 'TSI',
    cryptogram: 'AC',
    cvm: 'CVM',
    cvmPin: 'PIN',
    cvmNone: 'SIN CVM',
    cvmFailed: 'FALLIDO',
    iad: 'IAD',
    formFactor: 'FORMATO',
    pinBypass: 'PIN OMITIDO',
    bypassed: 'OMITIDO',
    cardDeclined: 'RECHAZADA POR LA TARJETA',
    signature: 'FIRMA',
    agreement: 'ACEPTO PAGAR EL TOTAL INDICADO SEGUN EL CONTRATO CON EL EMISOR DE MI TARJETA',
    customerCopy: 'COPIA DEL CLIENTE',
    merchantCopy: 'COPIA DEL COMERCIO',
    duplicate: 'DUPLICADO',
    offline: 'SIN CONEXION',
    offlineNote: 'APROBADA SIN CONEXION: SE ENVIA AL BANCO DESPUES',
    offlineOverride: 'AUTORIZO SIN CONEXION',
    training: 'ENTRENAMIENTO',
    trainingNote: 'NO ES UNA TRANSACCION REAL',
    titles: {
      sale: 'VENTA',
      preauth: 'PREAUTORIZACION',
      preauthcomplete: 'CIERRE DE PREAUTORIZACION',
      capture: 'CAPTURA',
      incremental: 'AUTORIZACION INCREMENTAL',
      adjust: 'AJUSTE DE PROPINA',
      reversal: 'REVERSO',
      void: 'ANULACION',
      refund: 'DEVOLUCION',
      balanceinq: 'CONSULTA DE SALDO',
      activate: 'ACTIVACION DE TARJETA REGALO',
      issue: 'EMISION DE TARJETA REGALO',
      cashout: 'RETIRO DE TARJETA REGALO',
      merchreturn: 'DEVOLUCION A TARJETA REGALO',
    },
    entryModes: {
      G: 'DIGITADA (CHIP FALLIDO)',
      M: 'DIGITADA',
      T: 'SIN CONTACTO',
      C: 'CHIP',
      F: 'BANDA (CHIP FALLIDO)',
      R: 'BANDA SIN CONTACTO',
      S: 'BANDA',
      I: 'CHEQUE',
    },
    declineReasons: DECLINES_ES,
  },
};
