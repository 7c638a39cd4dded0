import {
  saveStatementPreferencesEndpoint,
  STATEMENT_DOWNLOAD_PATH,
  StatementQuerySchema,
  statementPreferencesEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import { parseInput } from '../../http/validation.js';
import type { StatementCaller, StatementService } from './statement.service.js';

/** The statement download and the mail preferences (docs/api.md "Statements"). */
export function registerStatementRoutes(app: FastifyInstance, statements: StatementService): void {
  const callerOf = (request: Parameters<typeof sessionOf>[0]): StatementCaller => {
    const session = sessionOf(request);
    return { userId: session.userId, isDemo: session.isDemo, lang: request.lang };
  };

  // A file, not the envelope: validated like every endpoint, errors answered as the envelope.
  app.route({
    method: 'GET',
    url: STATEMENT_DOWNLOAD_PATH,
    config: { auth: true, realOnly: false, rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const query = parseInput(StatementQuerySchema, request.query);
      const file = await statements.download(callerOf(request), query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  registerEndpoint(app, statementPreferencesEndpoint, (_input, request) =>
    statements.preferences(sessionOf(request).userId),
  );

  registerEndpoint(app, saveStatementPreferencesEndpoint, async (input, request) => {
    const saved = await statements.savePreferences(callerOf(request), input);
    return new Success(saved, 'statement.saved');
  });
}
