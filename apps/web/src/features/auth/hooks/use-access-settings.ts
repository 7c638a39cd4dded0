import { useBasicInfo } from '../api/get-basic-info';
import { accessSettings, type AccessSettings } from '../utils/access-settings';

/** The operator settings of the access screens, with whether they have arrived. */
export function useAccessSettings(): AccessSettings & { ready: boolean } {
  const { data, isPending } = useBasicInfo();
  return { ...accessSettings(data), ready: !isPending };
}
