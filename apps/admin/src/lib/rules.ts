import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isDecimal, isHttpUrlOrEmpty, isImageAddressOrEmpty } from './validate';

/**
 * The antd form rules several screens share, with the back office's messages. The checks
 * themselves are in validate.ts; an empty value passes every rule but `required`.
 */

/** A rule from a predicate on the typed value and the message to show when it fails. */
export function check<V = string>(ok: (value: V) => boolean, message: string): RuleObject {
  return {
    validator: (_: unknown, value: V) => (ok(value) ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}

export const required = (t: TFunction): FormRule => ({
  required: true,
  message: t('admin_app.common.required'),
});

/** Required, and more than spaces. */
export const requiredText = (t: TFunction): FormRule => ({
  required: true,
  whitespace: true,
  message: t('admin_app.common.required'),
});

/** A plain decimal of at most `places` decimals (and above zero when `positive`). */
export function decimal(t: TFunction, places: number, { positive = false } = {}): FormRule {
  return check<string | undefined>(
    (v) => !v || (isDecimal(v, places) && (!positive || Number(v) > 0)),
    t('admin_app.common.decimal_invalid', { places }),
  );
}

/** A currency code: 2 to 12 letters or digits (deposit channels, withdraw currencies). */
export const currencyCode = (t: TFunction): FormRule => ({
  pattern: /^[A-Za-z0-9]{2,12}$/,
  message: t('admin_app.channels.code_invalid'),
});

/** An https image address or a /static/ path, or empty (covers, avatars). */
export const imageAddress = (t: TFunction): FormRule =>
  check<string | undefined>(isImageAddressOrEmpty, t('admin_app.common.image_address_invalid'));

/** An http(s) address, or empty. */
export const httpUrl = (message: string): FormRule =>
  check<string | undefined>((v) => isHttpUrlOrEmpty(v?.trim()), message);
