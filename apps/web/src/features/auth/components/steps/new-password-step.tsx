import { newPasswordFormSchema } from '@paws/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useClearErrorsOnChange } from '../../hooks/use-clear-errors-on-change';
import { schemaResolver } from '../../utils/form-resolver';
import { fieldOfServerError } from '../../utils/server-errors';
import styles from '../auth-form.module.css';
import { FormError, PasswordField } from '../fields';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

const resolver = schemaResolver<NewPasswordValues>((values) => ({
  schema: newPasswordFormSchema,
  input: values,
}));

/** Spec 000 §4/§5: the new password and its confirmation, both under the password rules. */
export function NewPasswordStep({
  onSubmitPassword,
}: {
  onSubmitPassword: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<NewPasswordValues>({
    defaultValues: { newPassword: '', confirmPassword: '' },
    resolver,
    reValidateMode: 'onSubmit',
  });
  const {
    register: field,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useClearErrorsOnChange(form);
  const [newPassword, confirmPassword] = watch(['newPassword', 'confirmPassword']);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSubmitPassword(values.newPassword);
    } catch (error) {
      const target = fieldOfServerError(error, ['newPassword'] as const);
      setError(target ?? 'root', { type: 'server', message: (error as Error).message });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('auth.newPassword.lead')}</p>
      <PasswordField
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...field('newPassword')}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" size="lg" block disabled={!newPassword || !confirmPassword || isSubmitting}>
        {t('auth.newPassword.submit')}
      </Button>
    </form>
  );
}
