import { readFileSync } from 'node:fs';
import { PaymentConfigError } from './errors.ts';

/**
 * How the service's TLS certificate is trusted. Verification is always on: by default against
 * the system's CAs; `caFile` (or `ca`, PEM) adds a trust anchor such as the local service's
 * self-signed certificate; `pin` trusts exactly the certificate whose SHA-256 fingerprint it is,
 * written as the service prints it ("D4:81:6E:…", colons and case optional).
 */
export interface TlsSettings {
  readonly caFile?: string;
  readonly ca?: string | Buffer;
  readonly pin?: string;
}

/** Trust as the connector applies it: a CA in PEM, or a fingerprint as "AA:BB:…" upper case. */
export interface TlsTrust {
  readonly ca?: Buffer;
  readonly pin?: string;
}

const PIN = /^[0-9A-F]{64}$/;

/** A SHA-256 fingerprint in the form Node reports it: 32 upper-case hex bytes joined by colons. */
export function normalisePin(pin: string): string {
  const hex = pin.replaceAll(':', '').toUpperCase();
  if (!PIN.test(hex)) {
    throw new PaymentConfigError(
      'tls.pin',
      'tls.pin_format',
      'must be a SHA-256 fingerprint: 64 hex digits, colons optional',
    );
  }
  return hex.match(/../g)?.join(':') ?? hex;
}

/** Reads TLS settings once, at configuration time: an unreadable CA file is refused here. */
export function loadTrust(settings: TlsSettings = {}): TlsTrust {
  const anchors = [settings.caFile, settings.ca].filter((v) => v !== undefined).length;
  if (anchors > 1 || (anchors === 1 && settings.pin !== undefined)) {
    throw new PaymentConfigError('tls', 'tls.one_anchor', 'give one of caFile, ca and pin');
  }
  if (settings.pin !== undefined) return { pin: normalisePin(settings.pin) };
  if (settings.ca !== undefined) return { ca: Buffer.from(settings.ca) };
  if (settings.caFile === undefined) return {};
  let ca: Buffer;
  try {
    ca = readFileSync(settings.caFile);
  } catch {
    throw new PaymentConfigError('tls.caFile', 'tls.ca_file_unreadable', 'cannot be read');
  }
  if (!ca.toString('latin1').includes('-----BEGIN CERTIFICATE-----')) {
    throw new PaymentConfigError('tls.caFile', 'tls.ca_file_format', 'must hold a PEM certificate');
  }
  return { ca };
}
