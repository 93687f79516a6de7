import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Spec 000 §4: errors clear when an input changes. */
export function useClearErrorsOnChange<V extends FieldValues>(form: UseFormReturn<V>) {
  const { watch, clearErrors } = form;
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      // A typed edit carries its event's type ('change' under React, 'input' under Preact, which listens
      // to input events); a value set by the code (setValue, reset) has none.
      if (type) clearErrors();
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}
