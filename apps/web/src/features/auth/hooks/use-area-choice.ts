import type { Area } from '@pipwise/shared';
import { useState } from 'react';
import { currentLang } from '@/lib/i18n';
import { useAreaList } from '../api/get-area-list';
import { defaultArea } from '../utils/areas';

/** The area code of a phone field: the trader's pick, else the language's default. */
export function useAreaChoice(enabled: boolean) {
  const query = useAreaList(enabled);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const areas = query.data ?? [];
  const area = areas.find((a) => a.id === chosenId) ?? defaultArea(areas, currentLang());
  return { area, areas, choose: (a: Area) => setChosenId(a.id) };
}

export type AreaChoice = ReturnType<typeof useAreaChoice>;
