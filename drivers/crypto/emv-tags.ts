/**
 * Names of the EMV data objects a terminal sends online, finds on the card and receives from the
 * issuer (EMV Book 3 Annex A, Book 4; Visa and Mastercard contactless tags where noted).
 */
const EMV_TAG_NAMES: Readonly<Record<string, string>> = {
  '42': 'Issuer Identification Number',
  '4F': 'Application Identifier (AID) - card',
  '50': 'Application Label',
  '56': 'Track 1 Data',
  '57': 'Track 2 Equivalent Data',
  '5A': 'Application Primary Account Number (PAN)',
  '5F20': 'Cardholder Name',
  '5F24': 'Application Expiration Date',
  '5F25': 'Application Effective Date',
  '5F28': 'Issuer Country Code',
  '5F2A': 'Transaction Currency Code',
  '5F2D': 'Language Preference',
  '5F30': 'Service Code',
  '5F34': 'Application PAN Sequence Number',
  '5F36': 'Transaction Currency Exponent',
  '61': 'Application Template',
  '6F': 'File Control Information (FCI) Template',
  '70': 'READ RECORD Response Message Template',
  '71': 'Issuer Script Template 1',
  '72': 'Issuer Script Template 2',
  '77': 'Response Message Template Format 2',
  '80': 'Response Message Template Format 1',
  '81': 'Amount, Authorised (Binary)',
  '82': 'Application Interchange Profile',
  '84': 'Dedicated File (DF) Name',
  '86': 'Issuer Script Command',
  '87': 'Application Priority Indicator',
  '88': 'Short File Identifier (SFI)',
  '89': 'Authorisation Code',
  '8A': 'Authorisation Response Code',
  '8C': 'Card Risk Management Data Object List 1 (CDOL1)',
  '8D': 'Card Risk Management Data Object List 2 (CDOL2)',
  '8E': 'Cardholder Verification Method (CVM) List',
  '8F': 'Certification Authority Public Key Index',
  '91': 'Issuer Authentication Data',
  '94': 'Application File Locator (AFL)',
  '95': 'Terminal Verification Results',
  '99': 'Transaction PIN Data',
  '9A': 'Transaction Date',
  '9B': 'Transaction Status Information',
  '9C': 'Transaction Type',
  '9F01': 'Acquirer Identifier',
  '9F02': 'Amount, Authorised (Numeric)',
  '9F03': 'Amount, Other (Numeric)',
  '9F06': 'Application Identifier (AID) - terminal',
  '9F07': 'Application Usage Control',
  '9F08': 'Application Version Number - card',
  '9F09': 'Application Version Number - terminal',
  '9F0D': 'Issuer Action Code - Default',
  '9F0E': 'Issuer Action Code - Denial',
  '9F0F': 'Issuer Action Code - Online',
  '9F10': 'Issuer Application Data',
  '9F11': 'Issuer Code Table Index',
  '9F12': 'Application Preferred Name',
  '9F15': 'Merchant Category Code',
  '9F16': 'Merchant Identifier',
  '9F18': 'Issuer Script Identifier',
  '9F1A': 'Terminal Country Code',
  '9F1C': 'Terminal Identification',
  '9F1E': 'Interface Device (IFD) Serial Number',
  '9F1F': 'Track 1 Discretionary Data',
  '9F20': 'Track 2 Discretionary Data',
  '9F21': 'Transaction Time',
  '9F26': 'Application Cryptogram',
  '9F27': 'Cryptogram Information Data',
  '9F33': 'Terminal Capabilities',
  '9F34': 'Cardholder Verification Method (CVM) Results',
  '9F35': 'Terminal Type',
  '9F36': 'Application Transaction Counter (ATC)',
  '9F37': 'Unpredictable Number',
  '9F38': 'Processing Options Data Object List (PDOL)',
  '9F39': 'Point-of-Service (POS) Entry Mode',
  '9F40': 'Additional Terminal Capabilities',
  '9F41': 'Transaction Sequence Counter',
  '9F42': 'Application Currency Code',
  '9F53': 'Transaction Category Code',
  '9F5B': 'Issuer Script Results',
  '9F66': 'Terminal Transaction Qualifiers (TTQ)',
  '9F6B': 'Track 2 Data',
  '9F6C': 'Card Transaction Qualifiers (CTQ)',
  '9F6E': 'Form Factor Indicator / Third Party Data',
  '9F7C': 'Customer Exclusive Data',
  A5: 'FCI Proprietary Template',
  BF0C: 'FCI Issuer Discretionary Data',
};

/**
 * Tags that carry card data (PAN, tracks, cardholder name, PIN data): their values are masked
 * wherever LaneTerm shows or logs decoded TLV.
 */
const SENSITIVE_TAGS: ReadonlySet<string> = new Set([
  '56',
  '57',
  '5A',
  '5F20',
  '99',
  '9F1F',
  '9F20',
  '9F6B',
]);

/** The EMV name of `tag` (hex, either case), e.g. "Application Cryptogram" for 9F26; else undefined. */
export function emvTagName(tag: string): string | undefined {
  return EMV_TAG_NAMES[tag.toUpperCase()];
}

/** True when `tag` carries card data that must be masked outside the wire (PCI DSS 3.4). */
export function isSensitiveEmvTag(tag: string): boolean {
  return SENSITIVE_TAGS.has(tag.toUpperCase());
}
