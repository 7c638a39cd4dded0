import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useMarginLevels, useSaveMarginLevels } from '../api/margin-levels';
import { cleanLevelsInput, formatLevels, parseLevels } from '../utils/margin-levels';
import card from './notice-switches.module.css';
import styles from './margin-levels-form.module.css';

/**
 * The margin levels (%) the trader is warned at (docs/notifications.md "Margin warnings"):
 * up to five whole numbers, comma-separated, prefilled with what the server holds (200,
 * 150, 100 until changed); empty for none. Save sends them without spaces and the server's
 * "Warning levels saved" is toasted.
 */
export function MarginLevelsForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const held = useMarginLevels();
  // What the trader typed; until then the field shows what the server holds.
  const [typed, setTyped] = useState<string | null>(null);
  const save = useSaveMarginLevels({ onSuccess: () => setTyped(null) });

  const heldText = held.data ? formatLevels(held.data) : '';
  const text = typed ?? heldText;
  const parsed = parseLevels(text);
  const changed = parsed.ok && held.data !== undefined && parsed.value !== held.data.join(',');
  const invalid = typed !== null && !parsed.ok;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok || !held.data || save.isPending) return;
    save.mutate(parsed.value);
  };

  return (
    <section className={card.group} data-testid="margin-levels">
      <h2 className={card.title}>
        <label htmlFor={inputId}>{t('inbox.margin_levels')}</label>
      </h2>
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <div className={styles.line}>
          <input
            id={inputId}
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            maxLength={40}
            value={text}
            placeholder={t('inbox.margin_levels_placeholder')}
            disabled={!held.data}
            onChange={(event) => setTyped(cleanLevelsInput(event.target.value))}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
            data-testid="margin-levels-input"
          />
          <Button
            type="submit"
            color="primary"
            className={styles.save}
            loading={save.isPending}
            disabled={!changed}
            data-testid="margin-levels-save"
          >
            {t('inbox.levels_save')}
          </Button>
        </div>
        {invalid ? (
          <p id={errorId} className={styles.error} role="alert" data-testid="margin-levels-error">
            {t('inbox.levels_invalid')}
          </p>
        ) : null}
        <p id={hintId} className={styles.hint}>
          {t('inbox.margin_levels_hint')}
        </p>
      </form>
    </section>
  );
}
