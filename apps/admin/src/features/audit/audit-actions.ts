import { AUDIT_ACTIONS, isAuditAction, type AuditAction, type Lang } from '@pipwise/shared';
import en from './locales/en.json';

/**
 * What each audit action code (`withdrawal.approve`) reads as in the operator's language.
 * The names are this screen's own texts, one file per language in ./locales, nested by the
 * code's two halves: `{ "action": { "withdrawal": { "approve": "Mark withdrawal paid" } } }`.
 * Every code the server can write (`AUDIT_ACTIONS`, which the server's audit writer is typed
 * with) has a name in all 18 languages: audit-actions.test.ts fails otherwise.
 *
 * All 18 files are bundled with the screen (a few kilobytes, in its own lazily loaded chunk),
 * so a change of language needs nothing loaded.
 */
type ActionNames = typeof en;

const files = import.meta.glob<ActionNames>('./locales/*.json', { eager: true, import: 'default' });

/** The names by language code, as the files are named (`hk.json`, `ar.json` …). */
export const ACTION_NAMES: ReadonlyMap<string, ActionNames> = new Map(
  Object.entries(files).map(([path, names]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, names]),
);

function nameIn(names: ActionNames | undefined, code: AuditAction): string | undefined {
  const [area, verb] = code.split('.') as [string, string];
  const byArea = names?.action as Record<string, Record<string, string> | undefined> | undefined;
  return byArea?.[area]?.[verb] || undefined;
}

/**
 * The action's name in `lang` (English where a language still lacks it), or null for a code
 * the server no longer writes — older rows keep the code they were written with, and the
 * screen shows it as it is.
 */
export function actionName(lang: Lang, code: string): string | null {
  if (!isAuditAction(code)) return null;
  return nameIn(ACTION_NAMES.get(lang), code) ?? nameIn(en, code) ?? null;
}

/** The filter's choices: every action by its name, the code kept for the search and support. */
export function actionOptions(lang: Lang): { value: AuditAction; label: string }[] {
  return AUDIT_ACTIONS.map((code) => ({ value: code, label: actionName(lang, code) ?? code }));
}
