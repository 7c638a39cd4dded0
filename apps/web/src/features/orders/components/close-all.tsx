import type { CloseAllResult } from '@pipwise/shared';
import { BottomSheet, SheetTitle } from '@/components/bottom-sheet';
import { alertDialog, confirmDialog } from '@/components/dialog-focus';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, trendOf } from '@/lib/format-money';
import { useCloseAll, type CloseAllInput } from '../api/close-all';
import { useAllOpenPositions } from '../api/get-my-deal';
import { keptByPair, positionGroups, type PositionGroup } from '../utils/close-figures';
import { FigureRows } from './figure-rows';
import styles from './close-all.module.css';

interface Props {
  /** Offline: nothing can be sent. */
  paused?: boolean;
}

/**
 * "Close all" on the open positions (docs/money.md "Partial close and close all"): a sheet
 * (a modal dialog) offers every position, or all of one instrument (each with how many are open and what
 * they would book now); a confirmation shows the count and that money (the positions' live
 * profit: an estimate, the server books at its quote of the moment); then a summary of what
 * was closed, the profit booked, and what stayed open because its market is closed. One
 * close-all per tap: the sheet is one, and the confirmation and the call hold the gate.
 */
export function CloseAll({ paused = false }: Props) {
  const { t } = useTranslation();
  const { positions } = useAllOpenPositions();
  const [choosing, setChoosing] = useState(false);
  const groups = positions ? positionGroups(positions) : null;
  const usd = (value: number) => `${formatMoney(value, { signed: true })} ${t('common.currency')}`;

  const groupOf = (input: CloseAllInput): PositionGroup | undefined =>
    input.forex_id === undefined ? groups?.all : groups?.pairs.find((g) => g.forexId === input.forex_id);

  const closeAll = useCloseAll({
    confirm: (input) => {
      const group = groupOf(input);
      if (!group) return false;
      const profit = group.profit.toNumber();
      const title =
        input.forex_id === undefined
          ? t('orders.close_all.confirm_title')
          : t('orders.close_all.confirm_pair_title', { code: group.code });
      return confirmDialog({
        label: title,
        title,
        content: (
          <div data-testid="close-all-confirm">
            <FigureRows
              rows={[
                [t('orders.close_all.positions'), String(group.count), 'close-all-count'],
                [t('orders.close_all.money'), usd(profit), 'close-all-money', trendOf(profit)],
              ]}
            />
            <p className={styles.note}>{t('orders.close_all.note')}</p>
          </div>
        ),
        confirmText: t('orders.close_all.confirm'),
        cancelText: t('common.cancel'),
      });
    },
    onSuccess: (result) => {
      void alertDialog({
        label: t('orders.close_all.done_title'),
        title: t('orders.close_all.done_title'),
        // Rendered outside the screen's tree (antd-mobile's own root): the texts go in made.
        content: <Summary result={result} t={t} />,
        confirmText: t('common.ok'),
      });
    },
  });

  if (!groups || groups.all.count === 0) return null;
  const choose = (group: PositionGroup) => {
    setChoosing(false);
    void closeAll.submit(group.forexId === null ? {} : { forex_id: group.forexId });
  };
  // One instrument's choice only helps when there is more than one instrument.
  const choices = [groups.all, ...(groups.pairs.length > 1 ? groups.pairs : [])];
  return (
    <>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (!closeAll.locked) setChoosing(true);
          }}
          // Offline it is disabled. While a close-all runs it only says so (aria-disabled) and
          // does nothing: a disabled button could not take back the focus the confirmation
          // and the summary return to it (docs/accessibility.md "Dialogs").
          disabled={paused}
          aria-disabled={closeAll.locked || undefined}
          data-testid="close-all-open"
        >
          {t('orders.close_all.button')}
        </button>
      </div>
      <BottomSheet open={choosing} onClose={() => setChoosing(false)} bodyClassName={styles.sheet}>
        <div className={styles.sheetBody} data-testid="close-all-sheet">
          <SheetTitle className={styles.sheetTitle}>{t('orders.close_all.choose')}</SheetTitle>
          <ul className={styles.choices}>
            {choices.map((group) => {
              const key = group.forexId === null ? 'all' : String(group.forexId);
              const profit = group.profit.toNumber();
              return (
                <li key={key}>
                  <button
                    type="button"
                    className={styles.choice}
                    onClick={() => choose(group)}
                    data-testid={`close-all-choice-${key}`}
                  >
                    <span className={styles.choiceName}>
                      {group.forexId === null
                        ? t('orders.close_all.everything')
                        : t('orders.close_all.pair', { code: group.code })}
                    </span>
                    <span className={styles.choiceFigures}>
                      <bdi>{t('orders.close_all.count', { count: group.count })}</bdi>
                      <bdi className={`pw-num ${styles[trendOf(profit)]}`}>{usd(profit)}</bdi>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className={styles.cancel}
            onClick={() => setChoosing(false)}
            data-testid="close-all-cancel"
          >
            {t('common.cancel')}
          </button>
        </div>
      </BottomSheet>
    </>
  );
}

/** What a close-all did: how many closed, the profit booked, and what stayed open and why. */
function Summary({ result, t }: { result: CloseAllResult; t: TFunction }) {
  const booked = Number(result.total_profit);
  const kept = keptByPair(result.kept);
  return (
    <div className={styles.summary} data-testid="close-all-result">
      {result.closed.length === 0 ? (
        <p className={styles.lead}>{t('orders.close_all.nothing')}</p>
      ) : (
        <FigureRows
          rows={[
            [t('orders.close_all.closed'), String(result.closed.length), 'close-all-closed'],
            [
              t('orders.close_all.booked'),
              `${formatMoney(booked, { signed: true })} ${t('common.currency')}`,
              'close-all-booked',
              trendOf(booked),
            ],
          ]}
        />
      )}
      {kept.length > 0 ? (
        <section className={styles.kept} data-testid="close-all-kept">
          <h5 className={styles.keptTitle}>{t('orders.close_all.kept')}</h5>
          <ul className={styles.keptList}>
            {kept.map((k) => (
              <li key={k.code} data-testid="close-all-kept-row">
                <span className={styles.keptHead}>
                  <bdi>{k.code}</bdi> <bdi className="pw-num">× {k.count}</bdi>
                </span>
                <span className={styles.keptWhy}>{k.why}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
