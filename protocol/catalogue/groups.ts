import type { ApiVersion } from '../versions.ts';
import type { GroupName } from './types.ts';

/** A group's fields in each version offering it; a version without the group has no entry. */
export type GroupFields = Readonly<Partial<Record<ApiVersion, readonly string[]>>>;

const both = (fields: readonly string[]): GroupFields => ({ v1: fields, v2: fields });
const v2Only = (fields: readonly string[]): GroupFields => ({ v2: fields });

/**
 * Every request parameter group and its fields per version (docs/interface.md › Request parameter groups;
 * Versioning §2–3: order has ptrannum in v1 and order_id in v2; ecomm, health, pin_data and
 * recurring_data are v2 only).
 */
export const GROUPS: Readonly<Record<GroupName, GroupFields>> = {
  money: both([
    'amount',
    'cashbackamount',
    'currency',
    'examount',
    'surchargeamount',
    'tax',
    'discountamount',
    'dutyamount',
    'freightamount',
    'convenience_fee',
    'supplemental_fee',
  ]),
  lodging: both(['advancedeposit', 'noshow', 'bdate', 'edate', 'excharges', 'rate', 'roomnum']),
  order: {
    v1: ['custref', 'ordernum', 'ptrannum'],
    v2: ['custref', 'ordernum', 'order_id'],
  },
  shipping: both(['shipcountry', 'shipzip']),
  lane: both(['clerkid', 'stationid', 'laneid', 'comments', 'divisionnum']),
  account_data: both([
    'account',
    'cardshieldticket',
    'cardholdername',
    'cardpresent',
    'countrycode',
    'e_account',
    'e_datafield',
    'e_datafieldfmt',
    'e_datafieldmasked',
    'e_trackdata',
    'e_id',
    'expdate',
    'icc',
    'rfid',
    'token',
    'trackdata',
    'abaroute',
    'checknum',
    'accounttype',
  ]),
  verification: both(['cv', 'street', 'zip']),
  merchant_descriptors: both(['descmerch', 'descloc']),
  processing_options: both(['capture', 'debtrepayment', 'duplcheck', 'priority', 'timeout']),
  ecomm: v2Only(['3ds_txnid', 'cavv', 'xid', 'goods', 'cust_regdate']),
  health: v2Only([
    'healthcare',
    'dentalamount',
    'clinicamount',
    'otheramount',
    'rxamount',
    'transitamount',
    'visionamount',
  ]),
  pin_data: v2Only(['ksn', 'pin']),
  recurring_data: v2Only([
    'cof_transid',
    'cof_authamount',
    'installment_num',
    'installment_total',
    'recurring',
  ]),
};

/** The fields of a group in a version; empty when the version does not offer the group. */
export function groupFields(group: GroupName, version: ApiVersion): readonly string[] {
  return GROUPS[group][version] ?? [];
}
