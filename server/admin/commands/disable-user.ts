import { loginSwitchCommand } from '../admin-lookups.ts';

/** `disable-user <user>`: the login is refused from now on, like wrong credentials. */
export const adminCommand = loginSwitchCommand(true);
