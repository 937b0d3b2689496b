import { parseLoginName } from '../accounts/account-names.ts';
import { verifyDecoyPassword, verifyPassword } from '../accounts/password-hasher.ts';
import type { Login, UserStore } from '../accounts/user-store.ts';
import type { PasswordCredentials } from './credentials.ts';

/**
 * The login these password credentials prove, or undefined. An unknown or disabled login costs the
 * same scrypt work as a wrong password, so neither the answer nor its timing tells which it was.
 */
export async function verifyPasswordLogin(
  users: UserStore,
  credentials: PasswordCredentials,
): Promise<Login | undefined> {
  const alternative = credentials.alternative;
  const alternativeLogin =
    alternative === undefined ? undefined : findLogin(users, alternative.username);
  const [login, password] =
    alternativeLogin !== undefined && alternative !== undefined
      ? [alternativeLogin, alternative.password]
      : [findLogin(users, credentials.username), credentials.password];
  if (login === undefined) return verifyDecoyPassword(password).then(() => undefined);
  const matches = await verifyPassword(password, login.passwordHash);
  return matches && !login.disabled ? login : undefined;
}

function findLogin(users: UserStore, username: string): Login | undefined {
  const name = parseLoginName(username);
  return name === undefined ? undefined : users.find(name);
}
