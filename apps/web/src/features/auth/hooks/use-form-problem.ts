import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from '../utils/validation';

/**
 * The one problem a form shows at a time: written under its field, which gets the focus
 * so the keyboard opens where the trader has to type. Editing that field clears it.
 */
export function useFormProblem<F extends string>(idOf: (field: F) => string) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  return {
    /** Shows `next` (or clears with null); true when the form is fine. */
    report(next: FormProblem<F> | null): boolean {
      setProblem(next);
      if (next?.field) document.getElementById(idOf(next.field))?.focus();
      return next === null;
    },
    errorFor: (field: F): string | undefined => (problem?.field === field ? t(problem.message) : undefined),
    clear(field: F): void {
      if (problem?.field === field) setProblem(null);
    },
  };
}
