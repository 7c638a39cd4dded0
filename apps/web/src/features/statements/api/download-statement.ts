import { api } from '@/lib/api';
import { statementFileName, statementUrl, type StatementRequest } from '../utils/statement-period';

/**
 * GET /v1/api/main/statement/download (docs/statements.md "In the app"). The file answers only
 * with the session header, so a plain link cannot fetch it: it comes as a blob through the api
 * client (session and `lang` headers, as private images do) and is saved from an object URL.
 * A refusal is the usual envelope: the client toasts its translated msg and this rejects, so a
 * refusal never becomes a broken file.
 */
export async function downloadStatement(request: StatementRequest): Promise<string> {
  const url = statementUrl(request);
  // The sheet checks the period first; a zone the server does not know is all that is left.
  if (!url) throw new Error('statement request the server would refuse');
  const blob = await api.blob(url);
  const name = statementFileName(request.period, request.format);
  saveBlob(blob, name);
  return name;
}

/** Hands a blob to the browser as a download named `name`. */
function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
