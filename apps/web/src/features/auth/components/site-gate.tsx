import { useEffect } from 'react';
import { refreshCompanyChoice } from '@/lib/company-choice';
import { useBasicInfo } from '../api/get-basic-info';
import { useCompanyStatus } from '../api/get-company-status';
import { externalTarget, isDesktopUserAgent } from '../utils/access-settings';

/**
 * Start-up checks that can send the whole browser elsewhere (docs/product.md §2, §7):
 * - a desktop browser goes to the pc site when the operator configured one
 *   (PC_SITE_URL → getBasicInfo.pc_site_url); otherwise the app stays a phone-width column;
 * - a non-zero company status sends everyone to its loss_url.
 * Renders nothing.
 */
export function SiteGate() {
  const basic = useBasicInfo();
  const company = useCompanyStatus();

  useEffect(() => {
    refreshCompanyChoice();
  }, []);

  useEffect(() => {
    if (!basic.data) return;
    if (!isDesktopUserAgent(navigator.userAgent, navigator.maxTouchPoints)) return;
    const target = externalTarget(basic.data.pc_site_url, window.location.href);
    if (target) window.location.replace(target);
  }, [basic.data]);

  useEffect(() => {
    if (!company.data || company.data.status === 0) return;
    const target = externalTarget(company.data.loss_url, window.location.href);
    if (target) window.location.replace(target);
  }, [company.data]);

  return null;
}
