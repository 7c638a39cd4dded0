import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { styleOf, type CodeStyles } from '@/lib/labels';

/** A status or type code as a coloured tag, in the words of its table (lib/labels.ts). */
export function CodeTag({ of, code }: { of: CodeStyles<number>; code: number }) {
  const { t } = useTranslation();
  const style = styleOf(of, code);
  return <Tag color={style.color}>{style.text(t)}</Tag>;
}

/** A 0/1 flag (or a boolean) as "yes" (coloured) or "no". */
export function FlagTag({
  on,
  onText,
  offText,
  color = 'green',
  offColor = 'default',
}: {
  on: boolean;
  onText: string;
  offText: string;
  color?: string;
  offColor?: string;
}) {
  return <Tag color={on ? color : offColor}>{on ? onText : offText}</Tag>;
}
