import { ResultCode } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@pipwise/client';
import { setupRefusal } from './first-use';

describe('the first-use refusal (code 2028)', () => {
  it('reads what is left to do from the refusal', () => {
    const both = new ApiError('business', 'Replace it', ResultCode.SetupRequired, 200, {
      must_change_password: 1,
      totp_setup_required: true,
    });
    expect(setupRefusal(both)).toEqual({ must_change_password: 1, totp_setup_required: true });
    const totpOnly = new ApiError('business', 'Set it up', ResultCode.SetupRequired, 200, {
      must_change_password: 0,
      totp_setup_required: true,
    });
    expect(setupRefusal(totpOnly)).toEqual({ must_change_password: 0, totp_setup_required: true });
  });

  it('is not any other refusal, even one carrying the same fields', () => {
    const forbidden = new ApiError('business', 'No', ResultCode.Forbidden, 200, {
      must_change_password: 1,
      totp_setup_required: true,
    });
    expect(setupRefusal(forbidden)).toBeNull();
    expect(setupRefusal(new ApiError('business', 'Rule', ResultCode.BusinessRule, 200, null))).toBeNull();
  });
});
