// The lane API's key map, bundled into the UI as it is: main/lane-api/keys.ts is plain data and
// functions with no schema code (docs/app.md, Keys).
export { LANE_KEYS, keyCap, keyOfEvent, type LaneKey } from '../../../main/lane-api/keys.ts';
export { TRAINING_FAULTS, type TrainingFault } from '../../../main/lane-api/training-faults.ts';
