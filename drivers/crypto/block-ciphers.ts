import { createCipheriv, createDecipheriv } from 'node:crypto';
import { badInput } from './errors.ts';
import { requireLength } from './bytes.ts';

/**
 * Block ciphers on Node's OpenSSL, without padding. OpenSSL 3 moved single DES to its legacy
 * provider, so single DES runs as des-ede3 with three equal keys, which the default provider has.
 */

/** Which way a block cipher runs. */
export type CipherDirection = 'encrypt' | 'decrypt';

function run(
  algorithm: string,
  key: Buffer,
  iv: Buffer | null,
  data: Buffer,
  direction: CipherDirection,
): Buffer {
  const cipher =
    direction === 'encrypt'
      ? createCipheriv(algorithm, key, iv)
      : createDecipheriv(algorithm, key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function requireBlocks(field: string, data: Buffer, blockSize: number): void {
  if (data.length === 0 || data.length % blockSize !== 0) {
    throw badInput(field, `${field}.blocks`, `must be a whole number of ${blockSize}-byte blocks`);
  }
}

/** A double (16-byte) or triple (24-byte) length TDES key as the 24 bytes des-ede3 takes. */
function tdesKey(key: Buffer): Buffer {
  requireLength('key', key, [16, 24]);
  return key.length === 24 ? key : Buffer.concat([key, key.subarray(0, 8)]);
}

function aesAlgorithm(key: Buffer, mode: 'ecb' | 'cbc'): string {
  requireLength('key', key, [16, 24, 32]);
  return `aes-${key.length * 8}-${mode}`;
}

const ZERO_IV_8 = Buffer.alloc(8);
const ZERO_IV_16 = Buffer.alloc(16);

/** Single DES (FIPS 46-3) of whole 8-byte blocks, ECB, under an 8-byte key. */
export function desEcb(key: Buffer, data: Buffer, direction: CipherDirection = 'encrypt'): Buffer {
  requireLength('key', key, [8]);
  requireBlocks('data', data, 8);
  return run('des-ede3', Buffer.concat([key, key, key]), null, data, direction);
}

/** Single DES CBC with a zero IV under an 8-byte key; the first stage of the X9.19 MAC. */
export function desCbcEncrypt(key: Buffer, data: Buffer): Buffer {
  requireLength('key', key, [8]);
  requireBlocks('data', data, 8);
  return run('des-ede3-cbc', Buffer.concat([key, key, key]), ZERO_IV_8, data, 'encrypt');
}

/** TDES (ANSI X9.52 EDE) ECB of whole 8-byte blocks under a 16- or 24-byte key. */
export function tdesEcb(key: Buffer, data: Buffer, direction: CipherDirection = 'encrypt'): Buffer {
  requireBlocks('data', data, 8);
  return run('des-ede3', tdesKey(key), null, data, direction);
}

/**
 * TDES-CBC encryption with a zero IV and no padding, as DUKPT readers encrypt track and EMV
 * data (MagTek MagneSafe, ID TECH SecureMag manuals); `data` must be whole 8-byte blocks.
 */
export function tdesCbcEncrypt(key: Buffer, data: Buffer): Buffer {
  requireBlocks('data', data, 8);
  return run('des-ede3-cbc', tdesKey(key), ZERO_IV_8, data, 'encrypt');
}

/** TDES-CBC decryption with a zero IV and no padding; `data` must be whole 8-byte blocks. */
export function tdesCbcDecrypt(key: Buffer, data: Buffer): Buffer {
  requireBlocks('data', data, 8);
  return run('des-ede3-cbc', tdesKey(key), ZERO_IV_8, data, 'decrypt');
}

/** AES (FIPS 197) ECB of whole 16-byte blocks under a 16-, 24- or 32-byte key. */
export function aesEcb(key: Buffer, data: Buffer, direction: CipherDirection = 'encrypt'): Buffer {
  requireBlocks('data', data, 16);
  return run(aesAlgorithm(key, 'ecb'), key, null, data, direction);
}

/** AES-CBC encryption with a zero IV and no padding (X9.24-3 data encryption); whole blocks. */
export function aesCbcEncrypt(key: Buffer, data: Buffer): Buffer {
  requireBlocks('data', data, 16);
  return run(aesAlgorithm(key, 'cbc'), key, ZERO_IV_16, data, 'encrypt');
}

/** AES-CBC decryption with a zero IV and no padding; `data` must be whole 16-byte blocks. */
export function aesCbcDecrypt(key: Buffer, data: Buffer): Buffer {
  requireBlocks('data', data, 16);
  return run(aesAlgorithm(key, 'cbc'), key, ZERO_IV_16, data, 'decrypt');
}
