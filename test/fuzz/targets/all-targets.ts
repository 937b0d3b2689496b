// Every fuzz target, in the order `npm run fuzz` prints them.
import type { FuzzTarget } from '../harness/fuzz-target.ts';
import * as crypto from './crypto-targets.ts';
import * as device from './device-targets.ts';
import * as kv from './kv-targets.ts';
import { restTarget } from './rest-target.ts';

/** The parsers of outside bytes, each with its inputs and checks (the REST one starts a service). */
export function allTargets(): FuzzTarget<never>[] {
  const targets: FuzzTarget<never>[] = [
    kv.kvFrameDecoderTarget,
    kv.kvPairDecoderTarget,
    kv.kvCsvDecoderTarget,
    restTarget(),
    crypto.tlvTarget,
    crypto.track1Target,
    crypto.track2Target,
    crypto.track2EquivalentTarget,
    crypto.wedgeSwipeTarget,
    device.magtekReportTarget,
    device.idtechFrameTarget,
    device.ngaResponseTarget,
    device.ngaCommandTarget,
    device.stxFrameTarget,
    device.pinPadMessageTarget,
    device.emvAnswerTarget,
    device.escPosTarget,
  ] as FuzzTarget<never>[];
  return targets;
}
