import type { ApiError } from '@pipwise/client';
import { ResultCode } from '@pipwise/shared';
import { Flag } from './codes';

/**
 * Code 2028 (docs/api.md "Back office API"): the operator must first replace their password
 * and/or turn on two-factor. What is left to do, as the profile's two fields, or null for
 * any other failure.
 */
export function setupRefusal(
  error: ApiError,
): { must_change_password: number; totp_setup_required: boolean } | null {
  if (error.code !== ResultCode.SetupRequired) return null;
  const data = error.data as { must_change_password?: unknown; totp_setup_required?: unknown } | null;
  return {
    must_change_password: data?.must_change_password === Flag.On ? Flag.On : Flag.Off,
    totp_setup_required: data?.totp_setup_required === true,
  };
}
