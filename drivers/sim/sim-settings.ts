import type { TestCard } from './card-catalogue.ts';
import type { FaultPlan } from './fault-plan.ts';
import type { SimulatedCable } from './simulated-cable.ts';
import type { KeyInjection } from './simulated-keys.ts';
import type { TrackMasking } from './track-masking.ts';

/** Devices `npm run sim` can be. */
export const SIM_DEVICES = ['wedge', 'magtek', 'idtech', 'pinpad', 'emv', 'printer'] as const;
/** One of SIM_DEVICES. */
export type SimDeviceName = (typeof SIM_DEVICES)[number];

/** What the command line configured. */
export interface SimSettings {
  device: SimDeviceName;
  /** A tty path (serial devices, printer) or a TCP port number (printer). */
  port: string | undefined;
  /** Where the lane's end of a pty pair the simulator makes with socat appears (instead of port). */
  pty: string | undefined;
  baudRate: number;
  keys: KeyInjection;
  faults: FaultPlan;
  cards: readonly TestCard[];
  /** ID TECH output format. */
  format: 'enhanced' | 'original';
  /** Readers' track masking beyond their factory setting (--mask); {} keeps the factory's. */
  masking: Partial<TrackMasking>;
  /** Where the printer writes receipt.txt and receipt.png after each cut. */
  outDir: string | undefined;
  log: (line: string) => void;
  /** Where raw device output is written as hex lines (MagTek reports without a HID port). */
  capture: (hex: string) => void;
}

/** A running simulated device and the console commands it answers. */
export interface RunningSim {
  /** Runs one console command ("swipe visa", "status paper-out" …); throws DeviceError when unknown. */
  command(verb: string, argument: string | undefined): Promise<void>;
  /** Console verbs it understands, for the help text. */
  verbs: string[];
  /** The tty cable "unplug" pulls; undefined on TCP and without a port. */
  cable?: SimulatedCable;
  stop(): Promise<void>;
}

/** The settings with the tty link opened from --pty or a --port path, when there is one. */
export interface LinkedSettings extends SimSettings {
  link: SimulatedCable | undefined;
}
