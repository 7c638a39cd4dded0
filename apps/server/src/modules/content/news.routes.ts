import { newsInfoEndpoint, newsListEndpoint, ResultCode } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { registerEndpoint } from '../../http/route.js';
import { NEWS_IMAGE_PREFIX, newsImage } from './news-images.js';
import type { NewsService } from './news.service.js';

export function registerNewsRoutes(app: FastifyInstance, news: NewsService): void {
  registerEndpoint(app, newsListEndpoint, (input, request) =>
    news.list(request.lang, input.category_id, input.page),
  );
  registerEndpoint(app, newsInfoEndpoint, (input, request) => news.info(request.lang, input.id));

  app.get<{ Params: { file: string } }>(`${NEWS_IMAGE_PREFIX}:file`, async (request, reply) => {
    const image = newsImage(request.params.file);
    if (!image) throw new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);
    return (
      reply
        .type(image.type)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // Opened on its own, an SVG is a document: it may draw, never run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(image.bytes)
    );
  });
}
