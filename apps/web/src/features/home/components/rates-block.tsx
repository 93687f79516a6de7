import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '@/components/ui/dropdown';
import { Frame } from '@/components/ui/frame';
import { Pager } from '@/components/ui/pager';
import { formatNumber } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  DEFAULT_RATE_PAGE_SIZE,
  podiumSize,
  RATE_PAGE_SIZES,
  type RateChip,
  rateChips,
  ratesSampleData,
} from '../data/rates-sample-data';
import styles from './rates-block.module.css';

const money = (value: number) => `$${formatNumber(value)}`;

function usePodiumSize() {
  const large = useMediaQuery('(min-width: 1280px)');
  const medium = useMediaQuery('(min-width: 768px)');
  return podiumSize(large ? 1280 : medium ? 768 : 0);
}

/** Places ordered for a podium: the winner in the middle, the rest alternating outwards. */
function podiumOrder<T>(rows: T[]): { row: T; place: number }[] {
  const placed = rows.map((row, index) => ({ row, place: index + 1 }));
  const left = placed.filter((_, index) => index % 2 === 1).reverse();
  const right = placed.filter((_, index) => index % 2 === 0 && index > 0);
  return [...left, ...placed.slice(0, 1), ...right];
}

/** Spec 000 §2 rates block, on the fixed sample data of data/rates-sample-data.ts. */
export function RatesBlock() {
  const { t } = useTranslation();
  const [chip, setChip] = useState<RateChip>('best');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_RATE_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const size = usePodiumSize();
  const rows = ratesSampleData[chip];
  const total = Math.max(1, Math.ceil(rows.length / pageSize));

  return (
    <section className={styles.rates} aria-labelledby="rates-heading">
      <div className={styles.head}>
        <h2 id="rates-heading" className={styles.heading}>
          {t('rates.heading')}
        </h2>
        <p className={styles.note}>{t('rates.sampleNote')}</p>
      </div>
      <fieldset className={styles.chips}>
        <legend className="visually-hidden">{t('rates.heading')}</legend>
        {rateChips.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.chip}
            aria-pressed={chip === key}
            onClick={() => {
              setChip(key);
              setPage(1);
            }}
          >
            {t(`rates.${key}`)}
          </button>
        ))}
      </fieldset>
      {chip === 'best' ? (
        <ol className={styles.podium} data-size={size} aria-label={t('rates.best')}>
          {podiumOrder(rows.slice(0, size)).map(({ row, place }) => (
            <li key={row.player} className={styles.step} data-place={place} style={{ order: 0 }}>
              <span className={styles.place}>{place}</span>
              <span className={styles.player}>{row.player}</span>
              <span className={styles.win}>{money(row.winning)}</span>
              <span className={styles.bar} style={{ height: `${Math.max(30, 120 - (place - 1) * 16)}px` }} />
            </li>
          ))}
        </ol>
      ) : (
        <Frame className={styles.tableFrame}>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t(`rates.${chip}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('rates.player')}</th>
                  <th scope="col">{t('rates.winning')}</th>
                  <th scope="col">{t('rates.maxBet')}</th>
                  <th scope="col">{t('rates.favouriteGames')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice((page - 1) * pageSize, page * pageSize).map((row, index) => (
                  <tr key={row.player}>
                    <td>{(page - 1) * pageSize + index + 1}</td>
                    <td>{row.player}</td>
                    <td className={styles.num}>{money(row.winning)}</td>
                    <td className={styles.num}>{money(row.maxBet)}</td>
                    <td>{row.favouriteGames.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <Dropdown
              label={t('rates.pageSize')}
              options={RATE_PAGE_SIZES.map((value) => ({ id: value, name: String(value) }))}
              value={pageSize}
              onChange={(value) => {
                setPageSize(value);
                setPage(1);
              }}
            />
            <Pager page={page} total={total} onChange={setPage} />
          </div>
        </Frame>
      )}
    </section>
  );
}
