// The lane API's decline advice, bundled into the UI as it is: main/lane-api/decline-advice.ts is
// a plain table with no schema code (docs/lane.md, Declines).
export { declineAdvice, type DeclineAdvice } from '../../../main/lane-api/decline-advice.ts';
