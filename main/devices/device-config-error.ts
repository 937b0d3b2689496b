/**
 * A device configuration that cannot work: names the setting (e.g. "devices.pinpad.baudRate")
 * and the rule it breaks, never the value (a path or serial number is not secret, but a stray
 * card number pasted into a config file must not reach a log).
 */
export class DeviceConfigError extends Error {
  readonly code = 'invalid_config';
  /** The setting at fault, dotted from the configuration's root. */
  readonly field: string;
  /** The schema check that failed (zod issue code or "custom"). */
  readonly rule: string;

  constructor(field: string, rule: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = 'DeviceConfigError';
    this.field = field;
    this.rule = rule;
  }
}
