import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The switch's name for screen readers: what it turns on, and for whom. */
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** What is asked before switching on or off (switching off may be the dangerous way). */
  question: (on: boolean) => { title: string; danger?: boolean };
  /** Runs once confirmed; the dialog waits for it. */
  onConfirm: (on: boolean) => Promise<unknown>;
}

/** A switch in a table that asks before it changes anything (an operator's access). */
export function ConfirmSwitch({ label, checked, disabled, question, onConfirm }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <Switch
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(on) => {
        const { title, danger } = question(on);
        void modal.confirm({
          title,
          okText: t('admin_app.common.confirm'),
          okButtonProps: { danger },
          cancelText: t('admin_app.common.cancel'),
          onOk: () => onConfirm(on),
        });
      }}
    />
  );
}
