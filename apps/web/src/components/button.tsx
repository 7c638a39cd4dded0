import { Button as AntdButton, DotLoading, type ButtonProps, type ButtonRef } from 'antd-mobile';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * antd-mobile's Button, named while it loads (docs/accessibility.md "Names"): antd-mobile
 * swaps a loading button's text for three dots, which leaves the button with no name; the
 * dots here carry "Loading…" in the trader's language for screen readers.
 */
export const Button = forwardRef<ButtonRef, ButtonProps>(function Button(props, ref) {
  const { t } = useTranslation();
  return (
    <AntdButton
      ref={ref}
      loadingIcon={
        <>
          <DotLoading color="currentColor" />
          <span className="pw-sr-only">{t('common.loading')}</span>
        </>
      }
      {...props}
    />
  );
});
