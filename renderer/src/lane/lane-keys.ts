// The lane API's key map, bundled into the UI as it is: main/lane-api/keys.ts is plain data and
// functions with no schema code (docs/app.md, Keys).
export {
  KEY_HOLD_MS,
  LANE_KEYS,
  MOVING_COMMANDS,
  PASSING_STEPS,
  keyCap,
  keyOfEvent,
  type LaneKey,
} from '../../../main/lane-api/keys.ts';
export { TRAINING_FAULTS, type TrainingFault } from '../../../main/lane-api/training-faults.ts';
