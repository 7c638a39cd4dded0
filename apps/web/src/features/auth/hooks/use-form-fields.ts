import { useId, useState } from 'react';
import { useFormProblem } from './use-form-problem';

/**
 * The text fields of a form: their values, ids, the one problem shown, and `input(field)`
 * — the props a field input takes. Typing in a field clears its problem.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const id = useId();
  const idOf = (field: F) => `${id}-${field}`;
  const [values, setValues] = useState(initial);
  const problems = useFormProblem<F>(idOf);
  const input = (field: F) => ({
    id: idOf(field),
    value: values[field],
    onValue: (value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      problems.clear(field);
    },
    invalid: !!problems.errorFor(field),
  });
  return { values, setValues, idOf, problems, input };
}
