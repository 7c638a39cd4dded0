import {
  adminDeleteFixSourceEndpoint,
  adminFixSourcesEndpoint,
  FIX_SOURCE_SLOTS,
  type AdminFixSource,
  type FixSourceSlot,
} from '@pipwise/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Grid,
  Row,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagTag } from '@/components/status';
import { isOn } from '@/lib/codes';
import { formatTime } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { FEEDS_STALE, hostPort, instrumentsShown, slotBlock, SLOT_ENV } from './fix-source-form';
import { FixSourceModal } from './fix-source-modal';
import { Ltr } from './session-facts';

/** The card's id, for the link at the top of the page. */
export const FIX_SOURCES_ANCHOR = 'provider-connections';

/** Instrument codes a slot lists before "+N more". */
const SHOWN_INSTRUMENTS = 12;

function Instruments({ t, codes }: { t: TFunction; codes: readonly string[] }) {
  if (codes.length === 0) return <>{t('admin_feeds.sources.all_instruments')}</>;
  const { shown, more } = instrumentsShown(codes, SHOWN_INSTRUMENTS);
  return (
    <Flex gap={4} wrap>
      {shown.map((code) => (
        <Tag key={code} style={{ marginInlineEnd: 0 }}>
          {code}
        </Tag>
      ))}
      {more > 0 ? (
        <Tag style={{ marginInlineEnd: 0 }}>{t('admin_feeds.sources.more', { count: more })}</Tag>
      ) : null}
    </Flex>
  );
}

/** What is stored in one slot: where, who, the login, the instruments, on or off. */
function StoredSource({ t, source, narrow }: { t: TFunction; source: AdminFixSource; narrow: boolean }) {
  return (
    <Flex vertical gap={8}>
      <Flex gap={6} wrap>
        <FlagTag
          on={isOn(source.enabled)}
          onText={t('admin_app.common.enabled')}
          offText={t('admin_app.common.disabled')}
          offColor="red"
        />
        {source.from_env ? (
          <Tag color="cyan" data-testid="fix-from-env">
            {t('admin_feeds.sources.from_env')}
          </Tag>
        ) : null}
      </Flex>
      {source.from_env ? (
        <Typography.Text type="secondary">
          {t('admin_feeds.sources.from_env_help', { variable: SLOT_ENV[source.slot] })}
        </Typography.Text>
      ) : null}
      {/* Label above value on a phone, where a long label would squeeze the value. */}
      <Descriptions
        size="small"
        column={1}
        layout={narrow ? 'vertical' : 'horizontal'}
        items={[
          {
            key: 'address',
            label: t('admin_feeds.sources.address'),
            children: <Ltr>{hostPort(source.host, source.port)}</Ltr>,
          },
          {
            key: 'comp_ids',
            label: t('admin_feeds.sources.comp_ids'),
            children: <Ltr>{`${source.sender_comp_id} → ${source.target_comp_id}`}</Ltr>,
          },
          {
            key: 'login',
            label: t('admin_feeds.sources.login'),
            children:
              source.username === null ? (
                t('admin_feeds.sources.no_login')
              ) : (
                <Flex gap={6} wrap align="center">
                  <Ltr>{source.username}</Ltr>
                  {source.has_password ? (
                    <Tag style={{ marginInlineEnd: 0 }}>{t('admin_feeds.sources.password_stored')}</Tag>
                  ) : null}
                </Flex>
              ),
          },
          ...(source.slot === 'trade'
            ? []
            : [
                {
                  key: 'instruments',
                  label: t('admin_feeds.sources.instruments'),
                  children: <Instruments t={t} codes={source.instruments} />,
                },
              ]),
          { key: 'saved', label: t('admin_feeds.sources.saved'), children: formatTime(source.updated_at) },
        ]}
      />
    </Flex>
  );
}

/**
 * The liquidity provider's FIX sessions, one slot each (market data primary and backup, the
 * A-book trading session): what is stored, and adding, editing or deleting it. A saved slot
 * applies at once.
 */
export function FixSourcesCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const { data, isLoading } = useApiQuery(adminFixSourcesEndpoint, {});
  const remove = useApiMutation(adminDeleteFixSourceEndpoint, { invalidates: FEEDS_STALE });
  const [editing, setEditing] = useState<FixSourceSlot | null>(null);
  const bySlot = new Map((data?.sources ?? []).map((source) => [source.slot, source]));
  const stored = new Set(bySlot.keys());
  const slotName = (slot: FixSourceSlot) => t(`admin_feeds.sources.slot.${slot}`);

  const confirmDelete = (source: AdminFixSource) =>
    void modal.confirm({
      title: t('admin_feeds.sources.delete_title', { slot: slotName(source.slot) }),
      content: [
        t(`admin_feeds.sources.delete_effect.${source.slot}`),
        source.from_env ? t('admin_feeds.sources.delete_env', { variable: SLOT_ENV[source.slot] }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      okText: t('admin_app.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('admin_app.common.cancel'),
      onOk: () => remove.mutateAsync({ slot: source.slot }),
    });

  const actions = (slot: FixSourceSlot, source: AdminFixSource | undefined) => {
    if (!source) {
      const block = slotBlock(slot, 'add', stored);
      return [
        <Button
          key="add"
          type="link"
          disabled={block !== null}
          onClick={() => setEditing(slot)}
          data-testid={`fix-add-${slot}`}
        >
          {t('admin_feeds.sources.add')}
        </Button>,
      ];
    }
    const block = slotBlock(slot, 'delete', stored);
    const del = (
      <Button
        type="link"
        danger
        disabled={block !== null}
        onClick={() => confirmDelete(source)}
        data-testid={`fix-delete-${slot}`}
      >
        {t('admin_app.common.delete')}
      </Button>
    );
    return [
      <Button key="edit" type="link" onClick={() => setEditing(slot)} data-testid={`fix-edit-${slot}`}>
        {t('admin_app.common.edit')}
      </Button>,
      block ? (
        <Tooltip key="delete" title={t(`admin_feeds.sources.${block}`)}>
          {del}
        </Tooltip>
      ) : (
        <span key="delete">{del}</span>
      ),
    ];
  };

  return (
    <Card
      id={FIX_SOURCES_ANCHOR}
      // Scrolled to from the top of the page: clear of the layout's sticky header.
      style={{ scrollMarginTop: 80 }}
      size={narrow ? 'small' : 'medium'}
      title={t('admin_feeds.sources.title')}
      data-testid="fix-sources"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('admin_feeds.sources.intro')}</Typography.Text>
        {data?.feed_env === 'replay' ? (
          <Alert type="info" showIcon title={t('admin_feeds.sources.replay')} data-testid="fix-replay" />
        ) : null}
        {data && !data.can_connect ? (
          <Alert type="warning" showIcon title={t('admin_feeds.sources.scaled')} data-testid="fix-scaled" />
        ) : null}
        {isLoading || !data ? (
          <Skeleton active />
        ) : (
          <Row gutter={[16, 16]}>
            {FIX_SOURCE_SLOTS.map((slot) => {
              const source = bySlot.get(slot);
              const block = source ? null : slotBlock(slot, 'add', stored);
              return (
                <Col key={slot} xs={24} xl={8}>
                  <Card
                    size="small"
                    type="inner"
                    title={<span style={{ whiteSpace: 'normal' }}>{slotName(slot)}</span>}
                    actions={actions(slot, source)}
                    // Side by side, the three end level: the actions at the foot of each.
                    style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                    styles={{ body: { flex: 1 } }}
                    data-testid={`fix-slot-${slot}`}
                  >
                    <Flex vertical gap={8}>
                      <Typography.Text type="secondary">
                        {t(`admin_feeds.sources.slot_help.${slot}`)}
                      </Typography.Text>
                      {source ? (
                        <StoredSource t={t} source={source} narrow={narrow} />
                      ) : (
                        <>
                          <Typography.Text strong data-testid="fix-not-set">
                            {t('admin_feeds.sources.not_set')}
                          </Typography.Text>
                          {block ? (
                            <Typography.Text type="warning">
                              {t(`admin_feeds.sources.${block}`)}
                            </Typography.Text>
                          ) : null}
                        </>
                      )}
                    </Flex>
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </Flex>
      {editing ? (
        <FixSourceModal slot={editing} source={bySlot.get(editing)} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
