import type { Lang } from '@pipwise/shared';
import ar from './ar.json' with { type: 'json' };
import cs from './cs.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import hk from './hk.json' with { type: 'json' };
import id from './id.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import jp from './jp.json' with { type: 'json' };
import kr from './kr.json' with { type: 'json' };
import my from './my.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import spa from './spa.json' with { type: 'json' };
import th from './th.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import vn from './vn.json' with { type: 'json' };

/** The English set is the source: its shape is the shape of every language. */
export type Messages = typeof en;

/**
 * Every language's messages. Typed as `Messages`, so a language file missing a key fails
 * the type check as well as the parity test.
 */
export const messages: Record<Lang, Messages> = {
  hk,
  en,
  jp,
  kr,
  th,
  vn,
  fr,
  de,
  ru,
  spa,
  pt,
  ar,
  it,
  tr,
  id,
  my,
  hi,
  cs,
};

/** The i18next namespace every message lives in. */
export const NAMESPACE = 'translation';
