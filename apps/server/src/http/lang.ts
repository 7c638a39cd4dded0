import { normalizeLang, type Lang } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language from the `lang` header (docs/product.md §7); the default when unknown. */
    lang: Lang;
  }
}

export function registerLang(app: FastifyInstance): void {
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = normalizeLang(request.headers.lang);
    done();
  });
}
