import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Review states as coloured tags, in the words traders see them in. */

const DEPOSIT_COLORS = ['gold', 'green', 'red', 'default'] as const;
export function DepositStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = `s${status}` as 's0' | 's1' | 's2' | 's3';
  return <Tag color={DEPOSIT_COLORS[status] ?? 'default'}>{t(`deposit_status.${key}`)}</Tag>;
}

const WITHDRAW_COLORS = ['gold', 'green', 'red'] as const;
export function WithdrawStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = `s${status}` as 's0' | 's1' | 's2';
  return <Tag color={WITHDRAW_COLORS[status] ?? 'default'}>{t(`withdraw_status.${key}`)}</Tag>;
}

const IDENTITY_COLORS = ['default', 'gold', 'green', 'red'] as const;
export function IdentityStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = `status_${status}` as 'status_0' | 'status_1' | 'status_2' | 'status_3';
  return <Tag color={IDENTITY_COLORS[status] ?? 'default'}>{t(`admin_app.identity.${key}`)}</Tag>;
}

/** A 0/1 flag as "yes" (coloured) or "no". */
export function FlagTag({
  on,
  onText,
  offText,
  color = 'green',
}: {
  on: boolean;
  onText: string;
  offText: string;
  color?: string;
}) {
  return <Tag color={on ? color : 'default'}>{on ? onText : offText}</Tag>;
}
