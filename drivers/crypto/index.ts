// drivers/crypto: card data, DUKPT, PIN blocks and BER-TLV; the one import for other layers.
export * from './errors.ts';
export { parseHex, toHex, zeroPad } from './bytes.ts';
export * from './card-brands.ts';
export * from './pan.ts';
export * from './pan-in-text.ts';
export * from './tracks.ts';
export * from './wedge-swipe.ts';
export {
  aesCbcDecrypt,
  aesCbcEncrypt,
  aesEcb,
  tdesCbcDecrypt,
  tdesCbcEncrypt,
  tdesEcb,
  type CipherDirection,
} from './block-ciphers.ts';
export * from './mac.ts';
export * from './tdes-dukpt.ts';
export * from './tdes-dukpt-device.ts';
export * from './pin-block.ts';
export * from './tlv.ts';
export * from './emv-tags.ts';
export * from './aes-dukpt.ts';
export * from './aes-dukpt-device.ts';
export * from './readers/idtech-frame.ts';
export * from './readers/magtek-report.ts';
export * from './readers/decrypted-tracks.ts';
export * from './readers/track-layout.ts';
export * from './readers/masked-track-check.ts';
export * from './readers/reader-capture.ts';
export * from './readers/emv-data.ts';
export * from './emv/emv-session-keys.ts';
export * from './emv/cryptogram-versions.ts';
export * from './emv/issuer-authentication.ts';
export * from './emv/emv-card-keys.ts';
export * from './emv/issuer-keys.ts';
