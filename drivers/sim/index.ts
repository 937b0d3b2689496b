// drivers/sim: a simulator for every device, speaking the device's bytes; usable as a library
// and from `npm run sim`.
export * from './card-catalogue.ts';
export * from './fault-plan.ts';
export * from './simulator-faults.ts';
export * from './simulated-keys.ts';
export * from './device-simulator.ts';
export * from './wedge-reader-simulator.ts';
export * from './magtek-reader-simulator.ts';
export * from './idtech-reader-simulator.ts';
export * from './nga-reader-simulator.ts';
export * from './track-masking.ts';
export * from './simulated-chip.ts';
export * from './pinpad-simulator.ts';
export * from './printer/printer-simulator.ts';
export { renderReceiptText } from './printer/receipt-layout.ts';
export * from './printer/receipt-png-renderer.ts';
export * from './simulated-cable.ts';
export * from './socat-pair.ts';
export * from './socat-pty-transport.ts';
