import { describe, expect, it } from 'vitest';
import { accessSettings, externalTarget, isDesktopUserAgent } from './access-settings';

describe('accessSettings', () => {
  it('reads is_show_mobile as docs/api.md says', () => {
    expect(accessSettings({ is_show_mobile: 1, verify_reg_type: 1 })).toEqual({
      mobileTab: true,
      extraPhone: 'with-area',
      captcha: false,
    });
    expect(accessSettings({ is_show_mobile: 3, verify_reg_type: 2 })).toEqual({
      mobileTab: true,
      extraPhone: 'number-only',
      captcha: true,
    });
    expect(accessSettings({ is_show_mobile: 0, verify_reg_type: 1 })).toMatchObject({
      mobileTab: false,
      extraPhone: 'hidden',
    });
    expect(accessSettings({ is_show_mobile: 2, verify_reg_type: 1 }).mobileTab).toBe(false);
  });

  it('shows only the e-mail form until the settings are known', () => {
    expect(accessSettings(undefined)).toEqual({ mobileTab: false, extraPhone: 'hidden', captcha: false });
  });
});

describe('isDesktopUserAgent', () => {
  const UA = {
    iphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    androidTablet:
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    windows:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    linux:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36',
  };

  it('treats phones and tablets as mobile', () => {
    expect(isDesktopUserAgent(UA.iphone)).toBe(false);
    expect(isDesktopUserAgent(UA.android)).toBe(false);
    expect(isDesktopUserAgent(UA.androidTablet)).toBe(false);
    expect(isDesktopUserAgent(UA.mac, 5)).toBe(false); // iPadOS
  });

  it('treats desktop browsers as desktop', () => {
    expect(isDesktopUserAgent(UA.mac)).toBe(true);
    expect(isDesktopUserAgent(UA.windows)).toBe(true);
    expect(isDesktopUserAgent(UA.linux)).toBe(true);
  });
});

describe('externalTarget', () => {
  const here = 'https://m.pipwise.example/login';
  it('accepts another http(s) origin', () => {
    expect(externalTarget('https://pc.pipwise.example', here)).toBe('https://pc.pipwise.example/');
    expect(externalTarget(' https://bye.example/x?y=1 ', here)).toBe('https://bye.example/x?y=1');
  });

  it('refuses empty, relative, same-origin and script addresses', () => {
    expect(externalTarget('', here)).toBeNull();
    expect(externalTarget(undefined, here)).toBeNull();
    expect(externalTarget('/pc', here)).toBeNull();
    expect(externalTarget('https://m.pipwise.example/', here)).toBeNull();
    expect(externalTarget('javascript:alert(1)', here)).toBeNull();
  });
});
