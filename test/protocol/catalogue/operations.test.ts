import { describe, expect, it } from 'vitest';
import {
  acceptedParams,
  groupFields,
  operationSpec,
  type GroupName,
} from '../../../protocol/catalogue/index.ts';
import { OPERATIONS, type OperationName } from '../../../protocol/operations.ts';

const sorted = (keys: Iterable<string>): string[] => [...keys].sort();

describe('operation versions', () => {
  it('offers incremental in v2 only, every other operation in both', () => {
    for (const op of OPERATIONS) {
      const expected = op === 'incremental' ? ['v2'] : ['v1', 'v2'];
      expect(operationSpec(op).versions).toEqual(expected);
    }
    expect(acceptedParams('incremental', 'v1').size).toBe(0);
  });
});

describe('sale and preauth', () => {
  const fields = (...groups: GroupName[]): readonly string[] =>
    groups.flatMap((group) => groupFields(group, 'v2'));
  const duplicateV2 = [
    'ttid',
    'profile_id',
    ...fields('verification', 'shipping', 'ecomm', 'health', 'lodging', 'merchant_descriptors'),
    ...fields('lane', 'money', 'order', 'pin_data', 'processing_options', 'recurring_data'),
    'nsf',
    'tokenize',
    'matching_token',
    'carddenylist_check',
    'carddenylist_decline',
    'rcpt',
    'rcpt_user_notes',
  ];

  /** The receipt delivery keys LaneTerm's sale, preauth and refund take beside rcpt (decision). */
  const delivery = ['rcpt_email', 'rcpt_sms', 'rcpt_merch_copy'];

  it('accept in v2 the interface duplicate list, account_data and receipt delivery, alike', () => {
    const all = [...duplicateV2, ...groupFields('account_data', 'v2'), ...delivery];
    const expected = sorted(new Set(all));
    expect(sorted(acceptedParams('sale', 'v2'))).toEqual(expected);
    expect(sorted(acceptedParams('preauth', 'v2'))).toEqual(expected);
  });

  it('accept in v1 neither ttid, the v2 groups, nor the v2 parameters', () => {
    const v1 = acceptedParams('sale', 'v1');
    for (const key of ['ttid', 'profile_id', 'cavv', 'rxamount', 'cof_transid']) {
      expect(v1.has(key)).toBe(false);
    }
    for (const key of ['ptrannum', 'account', 'trackdata', 'amount', 'zip', 'cv', 'rcpt']) {
      expect(v1.has(key)).toBe(true);
    }
    expect(acceptedParams('sale', 'v2').has('ptrannum')).toBe(false);
  });

  it('accept in v1 the standalone order_id, and pin with its ksn as debit clients send them', () => {
    for (const op of ['sale', 'preauth'] as const) {
      for (const key of ['order_id', 'pin', 'ksn'])
        expect(acceptedParams(op, 'v1').has(key)).toBe(true);
    }
  });

  it('need amount and one account entry, or a prior ttid in v2 only', () => {
    const spec = operationSpec('sale');
    expect(spec.required).toEqual(['amount']);
    expect(spec.customParams).toBe(true);
    const byName = new Map(spec.alternatives.map((alt) => [alt.name, alt]));
    expect(byName.get('keyed')?.keys).toEqual(['account', 'expdate']);
    expect(byName.get('check')?.keys).toEqual(['abaroute', 'account', 'checknum']);
    expect(byName.get('encrypted_track')?.keys).toEqual(['e_trackdata', 'e_id']);
    expect(byName.get('encrypted_field')?.keys).toEqual(['e_datafield']);
    expect(byName.get('emv_track')?.keys).toEqual(['icc', 'trackdata']);
    expect(byName.get('emv_encrypted_track')?.keys).toEqual(['icc', 'e_trackdata', 'e_id']);
    expect(byName.get('ttid')?.versions).toEqual(['v2']);
    expect(sorted(byName.keys())).toEqual(
      sorted([
        'keyed',
        'track',
        'emv',
        'token',
        'encrypted_track',
        'encrypted_keyed',
        'encrypted_field',
        'emv_track',
        'emv_encrypted_track',
        'ticket',
        'check',
        'ttid',
      ]),
    );
  });
});

describe('operations on a prior transaction', () => {
  it.each([
    ['capture', ['ttid', 'priority', 'timeout', 'rcpt'], true],
    ['reversal', ['ttid', 'amount', 'reversal_reason', 'icc', 'timeout'], false],
    ['void', ['ttid', 'timeout'], true],
  ] as const)('%s takes %j, profile_id in v2, custom parameters: %s', (op, keys, custom) => {
    expect(sorted(acceptedParams(op, 'v1'))).toEqual(sorted(keys));
    expect(sorted(acceptedParams(op, 'v2'))).toEqual(sorted([...keys, 'profile_id']));
    expect(operationSpec(op).required).toEqual(['ttid']);
    expect(operationSpec(op).customParams).toBe(custom);
  });

  it('incremental needs ttid and amount and takes the interface list', () => {
    const spec = operationSpec('incremental');
    expect(spec.required).toEqual(['ttid', 'amount']);
    expect(spec.customParams).toBe(true);
    const accepted = acceptedParams('incremental', 'v2');
    for (const key of ['tax', 'nsf', 'bdate', 'descmerch', 'laneid', 'rcpt_user_notes']) {
      expect(accepted.has(key)).toBe(true);
    }
    expect(accepted.has('cashbackamount')).toBe(false);
  });

  it('preauthcomplete takes zip standalone but not the rest of verification', () => {
    const accepted = acceptedParams('preauthcomplete', 'v2');
    expect(accepted.has('zip')).toBe(true);
    expect(accepted.has('cv')).toBe(false);
    expect(accepted.has('order_id')).toBe(true);
    const v1 = acceptedParams('preauthcomplete', 'v1');
    expect(v1.has('amount')).toBe(true);
    expect(v1.has('ptrannum')).toBe(true);
    expect(v1.has('rcpt_user_notes')).toBe(false);
    expect(operationSpec('preauthcomplete').customParams).toBe(false);
  });

  it('adjust takes the interchange groups and tip', () => {
    const accepted = acceptedParams('adjust', 'v1');
    for (const key of ['tax', 'rate', 'bdate', 'edate', 'tip', 'shipzip', 'ptrannum']) {
      expect(accepted.has(key)).toBe(true);
    }
    expect(accepted.has('account')).toBe(false);
  });

  it('refund takes a ttid or an account entry in both versions, and amount with an entry', () => {
    const spec = operationSpec('refund');
    expect(spec.required).toEqual([]);
    expect(spec.requiredWithEntry).toEqual(['amount']);
    expect(spec.alternatives.find((alt) => alt.name === 'ttid')?.versions).toEqual(['v1', 'v2']);
    expect(spec.customParams).toBe(true);
  });
});

describe('gift and card operations', () => {
  it('gift operations take the activate list and a plain PIN', () => {
    for (const op of ['activate', 'issue', 'cashout', 'merchreturn'] as const) {
      const spec = operationSpec(op);
      expect(spec.plainPin).toBe(true);
      expect(spec.expdateOptional).toBe(true);
      expect(spec.alternatives.find((alt) => alt.name === 'keyed')?.keys).toEqual(['account']);
      expect(acceptedParams(op, 'v1').has('pin')).toBe(true);
    }
    expect(operationSpec('issue').required).toEqual(['amount']);
    expect(operationSpec('activate').required).toEqual([]);
  });

  it('cashout takes neither amount nor nsf; merchreturn takes a ttid but not nsf', () => {
    expect(acceptedParams('cashout', 'v1').has('amount')).toBe(false);
    expect(acceptedParams('cashout', 'v1').has('nsf')).toBe(false);
    expect(acceptedParams('merchreturn', 'v1').has('ttid')).toBe(true);
    expect(acceptedParams('merchreturn', 'v1').has('nsf')).toBe(false);
    expect(operationSpec('merchreturn').required).toEqual(['amount']);
  });

  it('balanceinq takes rcpt in v2 only, and pin in both', () => {
    expect(acceptedParams('balanceinq', 'v1').has('rcpt')).toBe(false);
    expect(acceptedParams('balanceinq', 'v2').has('rcpt')).toBe(true);
    expect(acceptedParams('balanceinq', 'v1').has('pin')).toBe(true);
    expect(acceptedParams('balanceinq', 'v2').has('ksn')).toBe(true);
  });

  it('cardtype takes account data and tokenization only', () => {
    const accepted = acceptedParams('cardtype', 'v1');
    expect(accepted.has('tokenize')).toBe(true);
    expect(accepted.has('amount')).toBe(false);
    expect(operationSpec('cardtype').plainPin).toBe(false);
  });
});

describe('detail, reports, settle, mfa_cookie, chkpwd', () => {
  it('trandetail takes ttid or order_id or both (the order routes list ttid), payment_id only with order_id', () => {
    const spec = operationSpec('trandetail');
    expect(spec.alternatives.map((alt) => alt.keys)).toEqual([
      ['ttid'],
      ['order_id'],
      ['order_id', 'ttid'],
    ]);
    expect(spec.exclusive).toEqual([]);
    expect(spec.companions).toEqual([{ key: 'payment_id', needs: 'order_id' }]);
    expect(sorted(acceptedParams('trandetail', 'v1'))).toEqual(
      sorted([
        'ttid',
        'order_id',
        'payment_id',
        'rcpt',
        'rcpt_email',
        'rcpt_sms',
        'rcpt_duplicate',
        'rcpt_merch_copy',
        'timeout',
      ]),
    );
  });

  it.each([
    'report_failed',
    'report_unsettled',
    'report_settled',
    'report_batches',
    'report_settled_batches',
  ] as const)('%s takes optional filters and echoes other keys', (op) => {
    expect(sorted(acceptedParams(op, 'v1'))).toEqual(
      sorted(['bdate', 'edate', 'batch', 'ttid', 'order_id', 'timeout']),
    );
    expect(operationSpec(op).required).toEqual([]);
    expect(operationSpec(op).alternatives).toEqual([]);
    expect(operationSpec(op).echoedParams).toBe(true);
  });

  it('settle takes an optional batch and sub; mfa_cookie and chkpwd nothing but the timeout hint', () => {
    expect(sorted(acceptedParams('settle', 'v2'))).toEqual([
      'batch',
      'profile_id',
      'sub',
      'timeout',
    ]);
    for (const op of ['mfa_cookie', 'chkpwd'] as const) {
      expect(sorted(acceptedParams(op, 'v1'))).toEqual(['timeout']);
      expect(sorted(acceptedParams(op, 'v2'))).toEqual(['timeout']);
    }
  });
});

describe('across operations', () => {
  it('accepts profile_id on every operation but mfa_cookie and chkpwd, in v2 only', () => {
    for (const op of OPERATIONS) {
      expect(acceptedParams(op, 'v1').has('profile_id')).toBe(false);
      const expected = op !== 'mfa_cookie' && op !== 'chkpwd';
      expect(acceptedParams(op, 'v2').has('profile_id')).toBe(expected);
    }
  });

  it('takes custom parameters exactly where the interface or the decisions say', () => {
    const custom = OPERATIONS.filter((op) => operationSpec(op).customParams);
    expect(custom).toEqual<OperationName[]>([
      'sale',
      'preauth',
      'capture',
      'incremental',
      'adjust',
      'void',
      'refund',
    ]);
  });

  it('echoes other keys exactly where the interface shows no parameters and nothing is kept', () => {
    const echoed = OPERATIONS.filter((op) => operationSpec(op).echoedParams);
    expect(echoed).toEqual<OperationName[]>([
      'report_failed',
      'report_unsettled',
      'report_settled',
      'report_batches',
      'report_settled_batches',
      'settle',
      'mfa_cookie',
      'chkpwd',
    ]);
  });

  it('takes the timeout hint on every operation, as key/value libraries append it to all', () => {
    for (const op of OPERATIONS) {
      for (const version of operationSpec(op).versions) {
        expect(acceptedParams(op, version).has('timeout')).toBe(true);
      }
    }
  });

  it('never lets a transport key be a parameter', () => {
    for (const op of OPERATIONS) {
      for (const key of ['username', 'password', 'action', 'mfa_code']) {
        expect(acceptedParams(op, 'v2').has(key)).toBe(false);
      }
    }
  });
});
