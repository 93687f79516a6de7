import {
  type ContactChannel,
  type ContactOutcome,
  contactChannelLabels,
  contactOutcomeLabels,
  type RecordContact,
  recordContactSchema,
} from '@paws/contracts/staff-responsible-gaming';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Modal, Select, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useRecordContact } from '../api/record-contact';

interface ContactValues {
  channel: ContactChannel;
  outcome: ContactOutcome;
  note: string;
}

const resolver = contractResolver<ContactValues>(recordContactSchema);

/** Records a contact with the player: how they were reached, what came of it, a note (audited). */
export function ContactDialog({
  playerId,
  playerName,
  open,
  onClose,
}: {
  playerId: string;
  playerName: string;
  open: boolean;
  onClose: () => void;
}) {
  const record = useRecordContact(playerId);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    resolver,
    defaultValues: { channel: 'PHONE', outcome: 'ADVICE_GIVEN', note: '' },
  });
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values: RecordContact) => {
    setProblem(null);
    try {
      await record.mutateAsync(values);
      close();
    } catch (error) {
      const { message, field } = errorOf(error);
      if (field === 'channel' || field === 'outcome' || field === 'note') form.setError(field, { message });
      else setProblem(message);
    }
  });
  const { errors } = form.formState;
  return (
    <Modal title={`Record a contact with ${playerName}`} open={open} onClose={close}>
      <form onSubmit={submit} noValidate>
        <Field label="Channel" error={errors.channel?.message}>
          {(props) => (
            <Select {...props} {...form.register('channel')}>
              {Object.entries(contactChannelLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Outcome" error={errors.outcome?.message}>
          {(props) => (
            <Select {...props} {...form.register('outcome')}>
              {Object.entries(contactOutcomeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Note" error={errors.note?.message}>
          {(props) => <Textarea {...props} rows={4} {...form.register('note')} />}
        </Field>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="row">
          <Button type="submit" busy={record.isPending}>
            Record contact
          </Button>
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
