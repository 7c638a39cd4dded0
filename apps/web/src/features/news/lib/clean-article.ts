import DOMPurify from 'dompurify';
import { makeArticleCleaner } from '@pipwise/client';

/** The page's article cleaner (DOMPurify over the browser's own DOM). */
export const cleanArticleHtml = makeArticleCleaner(DOMPurify);
