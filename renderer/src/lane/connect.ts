// Picks the lane API the page runs on: the one Electron's preload exposes as window.laneterm, or
// the web bridge at the page's own origin (docs/app.md, One UI, two transports).
import { bridgeLink, takeBridgeToken, type LinkState } from './bridge-link.ts';
import type { LaneApi } from './lane-types.ts';

declare global {
  interface Window {
    /** The lane API, exposed by Electron's preload (main/app/preload.ts); absent in a browser. */
    laneterm?: LaneApi;
  }
}

/** The lane API of this page; onLinkState hears whether its event stream is up. */
export function connectLane(onLinkState: (state: LinkState) => void): LaneApi {
  if (window.laneterm !== undefined) {
    onLinkState('up');
    return window.laneterm;
  }
  return bridgeLink(takeBridgeToken(location, sessionStorage), onLinkState);
}
