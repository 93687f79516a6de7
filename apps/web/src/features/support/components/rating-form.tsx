import { TICKET_RATING_TEXT_MAX } from '@paws/contracts/tickets';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { StarIcon } from '@/components/ui/icons';
import { useRateTicket } from '../api/change-ticket';
import styles from './support.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

/** A rating already given: the stars, read only. */
function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stars} role="img" aria-label={t('supportTickets.rating.star', { count: value })}>
      {STARS.map((star) => (
        <span key={star} className={star <= value ? styles.starOn : styles.starOff}>
          <StarIcon size={22} />
        </span>
      ))}
    </span>
  );
}

/**
 * Spec 001 §4: once the ticket is Closed and not rated, 1 to 5 stars and an optional comment under 'Please
 * rate our manager's work, so we can become even better for you!'; after rating, 'Thank you for your feedback!'.
 */
export function RatingForm({ ticketId, rating }: { ticketId: string; rating: number | null }) {
  const { t } = useTranslation();
  const id = useId();
  const rate = useRateTicket();
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const given = rating ?? (rate.isSuccess ? (rate.data.rating ?? stars) : null);
  const thanks = useRef<HTMLParagraphElement>(null);
  // The form (and its focused button) is gone once rated: focus goes to the thanks instead of the page's top.
  useEffect(() => {
    if (rate.isSuccess) thanks.current?.focus();
  }, [rate.isSuccess]);

  if (given !== null) {
    return (
      <Frame as="section" angled className={styles.rating} aria-label={t('supportTickets.rating.label')}>
        <Stars value={given} />
        <p ref={thanks} tabIndex={-1} className={styles.ratingText} role="status">
          {t('supportTickets.rating.thanks')}
        </p>
      </Frame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1 || rate.isPending) return;
    rate.mutate({ id: ticketId, rating: stars, text: text.trim() });
  };

  return (
    <Frame as="section" angled accent className={styles.rating} aria-labelledby={`${id}-prompt`}>
      <form onSubmit={submit} className={styles.ratingForm}>
        <p id={`${id}-prompt`} className={styles.ratingText}>
          {t('supportTickets.rating.prompt')}
        </p>
        <fieldset className={styles.starPicker}>
          <legend className="visually-hidden">{t('supportTickets.rating.label')}</legend>
          {STARS.map((star) => (
            <label
              key={star}
              className={`${styles.starChoice} ${star <= stars ? styles.starOn : styles.starOff}`}
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={star}
                checked={stars === star}
                onChange={() => setStars(star)}
                className="visually-hidden"
              />
              <StarIcon size={30} />
              <span className="visually-hidden">{t('supportTickets.rating.star', { count: star })}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-comment`} className={styles.label}>
          {t('supportTickets.rating.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className={`${styles.input} ${styles.textarea}`}
          rows={3}
          maxLength={TICKET_RATING_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {rate.isError ? (
          <p className={styles.error} role="alert">
            {t('supportTickets.rating.failed')}
          </p>
        ) : null}
        <Button type="submit" disabled={stars < 1 || rate.isPending} className={styles.ratingSubmit}>
          {t('supportTickets.rating.submit')}
        </Button>
      </form>
    </Frame>
  );
}
