import {
  areaListEndpoint,
  basicInfoEndpoint,
  companyListEndpoint,
  companyStatusEndpoint,
  settingEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.js';
import { areaList } from '../auth/index.js';
import type { ContentService } from './content.service.js';

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  registerEndpoint(app, basicInfoEndpoint, () => content.basicInfo());
  registerEndpoint(app, settingEndpoint, ({ key }) => content.publicSetting(key));
  // The calling codes come from libphonenumber, named in the caller's language.
  registerEndpoint(app, areaListEndpoint, (_input, request) => areaList(request.lang));
  registerEndpoint(app, companyStatusEndpoint, () => content.companyStatus());
  registerEndpoint(app, companyListEndpoint, ({ name }) => content.companies(name));
}
