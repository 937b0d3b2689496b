// Whether the page reaches the lane now: every action waits for the link, and says why while it is
// down (docs/app.md, Web bridge). Electron's IPC is always up; the web bridge can be lost.
import type { LinkState } from '../lane/bridge-link.ts';

/** The link's state as the transport last reported it. */
export const laneLink = $state<{ state: LinkState }>({ state: 'connecting' });

/** Id of the element saying why actions are off while the link is not up. */
export const LINK_REASON_ID = 'link-reason';
