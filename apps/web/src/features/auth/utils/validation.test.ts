import { describe, expect, it } from 'vitest';
import {
  asksForCaptcha,
  checkAmend,
  checkCodeTarget,
  checkForgot,
  checkLogin,
  checkRegister,
} from './validation';

describe('checkLogin (docs/product.md §5)', () => {
  it('asks for the e-mail or phone first, then the password', () => {
    expect(checkLogin({ mode: 'email', account: ' ', password: '' })).toEqual({
      field: 'account',
      message: 'auth.enter_email',
    });
    expect(checkLogin({ mode: 'mobile', account: '', password: 'x' })).toEqual({
      field: 'account',
      message: 'auth.enter_mobile',
    });
    expect(checkLogin({ mode: 'email', account: 'a@b.co', password: '' })).toEqual({
      field: 'password',
      message: 'auth.enter_password',
    });
    expect(checkLogin({ mode: 'email', account: 'a@b.co', password: 'anything' })).toBeNull();
  });

  it('asks for the image code once the server wants it', () => {
    const filled = { mode: 'email' as const, account: 'a@b.co', password: 'anything' };
    expect(checkLogin({ ...filled, captcha: { value: ' ', required: true } })).toEqual({
      field: 'captcha',
      message: 'auth.enter_captcha',
    });
    expect(checkLogin({ ...filled, captcha: { value: 'ab12', required: true } })).toBeNull();
    expect(checkLogin({ ...filled, captcha: { value: '', required: false } })).toBeNull();
  });

  it('reads captcha_required from a refusal', () => {
    expect(asksForCaptcha({ captcha_required: true })).toBe(true);
    expect(asksForCaptcha({ captcha_required: 'true' })).toBe(false);
    expect(asksForCaptcha({ field: 'account' })).toBe(false);
    expect(asksForCaptcha(null)).toBe(false);
    expect(asksForCaptcha(undefined)).toBe(false);
  });
});

const good = {
  mode: 'email' as const,
  account: 'trader@example.com',
  code: '123456',
  password: 'secret123',
  repeat: 'secret123',
};

describe('checkRegister', () => {
  it('passes a complete form', () => {
    expect(checkRegister(good)).toBeNull();
    expect(
      checkRegister({
        ...good,
        captcha: { value: 'ab12', required: true },
      }),
    ).toBeNull();
  });

  it('reports fields in screen order', () => {
    expect(checkRegister({ ...good, account: '', code: '' })?.field).toBe('account');
    expect(checkRegister({ ...good, account: 'not-an-email' })?.message).toBe('errors.email_invalid');
    expect(checkRegister({ ...good, code: '' })).toEqual({ field: 'code', message: 'auth.enter_email_code' });
    expect(checkRegister({ ...good, mode: 'mobile', account: '91234567', code: '' })?.message).toBe(
      'auth.enter_sms_code',
    );
  });

  it('checks the password rule and the repeat', () => {
    expect(checkRegister({ ...good, password: 'short1', repeat: 'short1' })?.message).toBe(
      'errors.weak_password',
    );
    expect(checkRegister({ ...good, password: 'lettersonly', repeat: 'lettersonly' })?.message).toBe(
      'errors.weak_password',
    );
    expect(checkRegister({ ...good, repeat: '' })).toEqual({
      field: 'repeat',
      message: 'auth.repeat_password_placeholder',
    });
    expect(checkRegister({ ...good, repeat: 'secret124' })).toEqual({
      field: 'repeat',
      message: 'auth.password_mismatch',
    });
  });

  it('asks for the image code only when it is required', () => {
    expect(checkRegister({ ...good, captcha: { value: '', required: true } })).toEqual({
      field: 'captcha',
      message: 'auth.enter_captcha',
    });
    expect(checkRegister({ ...good, captcha: { value: '', required: false } })).toBeNull();
  });
});

describe('checkForgot', () => {
  it('needs account, code and a valid repeated password', () => {
    expect(checkForgot({ ...good, account: '' })?.message).toBe('auth.enter_email');
    expect(checkForgot({ ...good, code: ' ' })?.field).toBe('code');
    expect(checkForgot({ ...good, repeat: 'other123' })?.message).toBe('auth.password_mismatch');
    expect(checkForgot(good)).toBeNull();
  });
});

describe('checkAmend (docs/product.md §5)', () => {
  it('says "please fill in completely" for any empty field', () => {
    for (const blank of ['password', 'repeat', 'code'] as const) {
      expect(checkAmend({ password: 'secret123', repeat: 'secret123', code: '111111', [blank]: '' })).toEqual(
        {
          field: blank,
          message: 'auth.fill_completely',
        },
      );
    }
  });

  it('shows the mismatch message, then the password rule', () => {
    expect(checkAmend({ password: 'secret123', repeat: 'secret12', code: '1' })?.message).toBe(
      'auth.password_mismatch',
    );
    expect(checkAmend({ password: 'short', repeat: 'short', code: '1' })?.message).toBe(
      'errors.weak_password',
    );
    expect(checkAmend({ password: 'secret123', repeat: 'secret123', code: '1' })).toBeNull();
  });
});

describe('checkCodeTarget', () => {
  it('needs an address before a code can be sent', () => {
    expect(checkCodeTarget('email', '')?.message).toBe('auth.enter_email');
    expect(checkCodeTarget('email', 'x@')?.message).toBe('errors.email_invalid');
    expect(checkCodeTarget('mobile', '9123')).toBeNull();
  });
});
