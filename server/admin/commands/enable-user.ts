import { loginSwitchCommand } from '../admin-lookups.ts';

/** `enable-user <user>`: a disabled login is accepted again. */
export const adminCommand = loginSwitchCommand(false);
