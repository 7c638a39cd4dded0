import { cardInfoEndpoint, type CardChannel } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';
import { chargeKey } from './keys';

/** GET /api/quickCharge/card_info — the card channels, instructions in the caller's language. */
export function getCardInfo(options?: CallOptions): Promise<CardChannel[]> {
  return request(cardInfoEndpoint, {}, options);
}

/** The instructions come in the request's `lang`: one cache entry per language. */
export function cardInfoQueryOptions(lang: string) {
  return queryOptions({
    queryKey: [...chargeKey, 'card', lang],
    queryFn: ({ signal }) => getCardInfo({ signal }),
  });
}

export function useCardInfo() {
  const { i18n } = useTranslation();
  return useQuery(cardInfoQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
