// The lane's device manager: the one import for the rest of main/ (docs/lane-devices.md).
export {
  DEVICE_ROLES,
  parseDevicesConfig,
  type DeviceConfig,
  type DeviceConfigOf,
  type DeviceRole,
  type DevicesConfig,
  type DevicesConfigInput,
  type PrinterConfig,
} from './device-config.ts';
export { DeviceConfigError } from './device-config-error.ts';
export type { DeviceFault, DeviceState, DeviceStatus, PaperState } from './device-status.ts';
export { DeviceManager, type DeviceManagerOptions } from './device-manager.ts';
export type { CardCapture, CardReaderRole, CardRequest } from './card-readers.ts';
export {
  startTrainingDevices,
  type Presentation,
  type PrinterCondition,
  type TrainingDevices,
  type TrainingDevicesOptions,
} from './training-devices.ts';
export type { PrinterBlock, PrinterGate } from './printer-device.ts';
export type {
  DeviceDiagnostics,
  DevicesSnapshot,
  PortListers,
  SeenPort,
} from './device-diagnostics.ts';
