import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../../protocol/index.ts';
import { screenCardData } from '../../../server/engine/card-data-screen.ts';

function refusalOf(params: Record<string, string>): ProtocolError | undefined {
  try {
    screenCardData(params);
    return undefined;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

describe('screenCardData', () => {
  it.each([
    'cvv2',
    'card_cvv',
    'CardCVC2',
    'cvn',
    'CSC',
    'userPin',
    'PINBlock',
    'pin_code',
    'security_code',
    'SecurityCode',
  ])('refuses the custom parameter %s, named like a CVV or PIN', (key) => {
    const error = refusalOf({ [key]: '123' });
    expect(error?.field).toBe(key);
    expect(error?.msoftCode).toBe('DATA_INVALIDFIELD');
    expect(error?.rule).toBe('card_data.custom_sad');
  });

  it.each(['shipping', 'pin_pad_id', 'pinpad', 'spinner', 'cid', 'note', 'recvd'])(
    'keeps the custom parameter %s',
    (key) => {
      expect(screenCardData({ [key]: 'x' })).toEqual({ [key]: 'x' });
    },
  );

  it.each([
    ['order_id', '4111111111111111'],
    ['payment_id', '4111-1111-1111-1111'],
    ['zip', ';4111111111111111=2512101?'],
    ['street', '%B4111111111111111^DOE/J^2512101?'],
  ])('refuses %s holding card data, naming it and never the value', (field, value) => {
    const error = refusalOf({ [field]: value });
    expect(error?.field).toBe(field);
    expect(error?.verbiage.startsWith(`${field}: `)).toBe(true);
    expect(error?.verbiage).not.toContain('4111');
  });

  it('keeps identifiers and AVS data that hold no card number, a UUID order id included', () => {
    const params = {
      order_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      zip: '32606',
      street: '5800 NW 39th AVE',
      cof_transid: '430102938475617',
    };
    expect(screenCardData(params)).toEqual(params);
  });

  it('masks free text and custom names and values, and leaves card fields to the card rules', () => {
    const screened = screenCardData({
      account: '4111111111111111',
      comments: 'read 4111 1111 1111 1111',
      cardholdername: ';4111111111111111=2512101?',
      note_4111111111111111: 'x',
    });
    expect(screened).toEqual({
      account: '4111111111111111',
      comments: 'read XXXX XXXX XXXX 1111',
      cardholdername: ';XXXXXXXXXXXX1111=XXXXXXX?',
      note_XXXXXXXXXXXX1111: 'x',
    });
  });
});
