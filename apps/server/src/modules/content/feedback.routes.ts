import { feedbackSubmitEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import type { FeedbackService } from './feedback.service.js';

export function registerFeedbackRoutes(app: FastifyInstance, feedback: FeedbackService): void {
  registerEndpoint(app, feedbackSubmitEndpoint, (input, request) =>
    feedback.submit(sessionOf(request).userId, request.lang, input),
  );
}
