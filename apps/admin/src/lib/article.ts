import { makeArticleCleaner } from '@pipwise/client';
import DOMPurify from 'dompurify';

/**
 * The live preview of an article or announcement, cleaned by DOMPurify with the allow-list
 * the traders' app uses (and the server applies when saving): what the operator sees is
 * what traders will see, and nothing pasted into the editor can run in the back office.
 */
export const cleanArticleHtml = makeArticleCleaner(DOMPurify);
