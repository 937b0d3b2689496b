import { describe, expect, it } from 'vitest';
import { readBasicHeader, readV1Username } from '../../../server/auth/credential-readers.ts';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('readV1Username (docs/interface.md › Authentication §2)', () => {
  it('reads merchant and merchant|sub, the pipe standing for the colon', () => {
    expect(readV1Username('test_retail')).toBe('test_retail');
    expect(readV1Username('test_retail|public')).toBe('test_retail:public');
    expect(readV1Username('test_retail:public')).toBe('test_retail:public');
  });

  it('refuses with ACCT_BADUSERNAME a name holding a pipe of its own', () => {
    for (const name of ['a|b|c', '|sub', 'merchant|', 'a|b:c', '']) {
      expect(readV1Username(name)).toMatchObject({
        kind: 'unreadable',
        msoftCode: 'ACCT_BADUSERNAME',
      });
    }
  });
});

describe('readBasicHeader', () => {
  it('v1: splits at the first colon and turns merchant|sub into merchant:sub', () => {
    expect(readBasicHeader(basic('test_retail|public:publ1ct3st'), 'v1')).toEqual({
      kind: 'password',
      username: 'test_retail:public',
      password: 'publ1ct3st',
    });
    expect(readBasicHeader(basic('acme:pa:ss'), 'v1')).toEqual({
      kind: 'password',
      username: 'acme',
      password: 'pa:ss',
    });
  });

  it('v1: refuses a username with a second pipe with ACCT_BADUSERNAME', () => {
    const read = readBasicHeader(basic('a|b|c:secret'), 'v1');
    expect(read).toMatchObject({ kind: 'unreadable', msoftCode: 'ACCT_BADUSERNAME' });
    expect(JSON.stringify(read)).not.toContain('secret');
  });

  it('v2: accepts the pipe form, and the colon form as an alternative reading', () => {
    expect(readBasicHeader(basic('test_retail|public:publ1ct3st'), 'v2')).toEqual({
      kind: 'password',
      username: 'test_retail:public',
      password: 'publ1ct3st',
    });
    expect(readBasicHeader(basic('test_retail:public:publ1ct3st'), 'v2')).toEqual({
      kind: 'password',
      username: 'test_retail',
      password: 'public:publ1ct3st',
      alternative: { username: 'test_retail:public', password: 'publ1ct3st' },
    });
  });

  it('refuses what is not Basic base64(user:password), without echoing it', () => {
    for (const header of ['Bearer abc', 'Basic', 'Basic !!!', basic('nocolon'), basic(':pw')]) {
      const read = readBasicHeader(header, 'v2');
      expect(read).toMatchObject({ kind: 'unreadable', msoftCode: 'ACCT_AUTHFAIL' });
    }
  });

  it('accepts the scheme name in any case (RFC 7235 §2.1)', () => {
    expect(readBasicHeader(`basic ${Buffer.from('a:b').toString('base64')}`, 'v1')).toMatchObject({
      kind: 'password',
      username: 'a',
    });
  });
});
