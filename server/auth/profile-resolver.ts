import { hasParam, type ApiVersion, type Params } from '../../protocol/index.ts';
import type { ProfileStore } from '../store/profile-store.ts';
import type { Identity } from './authenticator.ts';
import { deny, type Denial } from './denial.ts';

const PROFILE_ID_RULE = /^[0-9]{1,15}$/;

const NOT_DIGITS = deny('DATA_INVALIDFIELD', 'profile_id: must be digits');
const NOT_THIS_MERCHANT = deny('ACCT_PERMISSION', 'profile_id: not a profile of this merchant');
const NOT_THIS_KEY = deny(
  'ACCT_PERMISSION',
  'profile_id: this API key is bound to another profile',
);
const NO_DEFAULT = deny(
  'DATA_MISSINGFIELD',
  'profile_id: required, this user has no default profile',
);

/**
 * The profile a request runs under (docs/interface.md › Standalone parameters, profile_id): a profile key's own
 * profile; else, on v2, profile_id when it names one of the caller's merchant's profiles (another
 * merchant's and a missing one get the same answer); else the user's default profile. v1 has no
 * profile_id: one sent there is left in the parameters for validation to refuse.
 */
export async function resolveProfile(
  profiles: ProfileStore,
  identity: Identity,
  params: Params,
  version: ApiVersion,
): Promise<{ profileId: number } | { denial: Denial }> {
  const requested =
    version === 'v2' && hasParam(params, 'profile_id') ? params.profile_id : undefined;
  if (requested !== undefined && !PROFILE_ID_RULE.test(requested)) return { denial: NOT_DIGITS };
  const keyProfile = identity.apiKey?.profileId ?? null;
  if (keyProfile !== null) {
    return requested === undefined || Number(requested) === keyProfile
      ? { profileId: keyProfile }
      : { denial: NOT_THIS_KEY };
  }
  if (requested !== undefined) {
    const profile = await profiles.findForMerchant(identity.login.merchantId, Number(requested));
    return profile === undefined ? { denial: NOT_THIS_MERCHANT } : { profileId: profile.id };
  }
  const fallback = identity.login.defaultProfileId;
  return fallback === null ? { denial: NO_DEFAULT } : { profileId: fallback };
}
