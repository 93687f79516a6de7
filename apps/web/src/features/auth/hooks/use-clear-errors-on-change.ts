import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Spec 000 §4: errors clear when an input changes. */
export function useClearErrorsOnChange<V extends FieldValues>(form: UseFormReturn<V>) {
  const { watch, clearErrors } = form;
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') clearErrors();
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}
