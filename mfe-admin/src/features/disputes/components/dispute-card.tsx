import type { DisputeCase } from '@phonehaat/shared-api';
import { Button, Card, formatDate, formatTakaExact, UserText } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';
import styles from './disputes.module.css';

export type Decision = 'refund' | 'release';
const when = (iso: string) => formatDate(iso, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** One dispute: the sale, both sides, what the buyer says and shows, and (while open) the two decisions. */
export function DisputeCard({ item, onDecide }: { item: DisputeCase; onDecide?: (decision: Decision) => void }) {
  const t = useT();
  return (
    <Card>
      <article className={styles.card} aria-labelledby={`dispute-${item._id}`}>
        <header className={styles.head}>
          <img src={item.product.img} alt="" width={64} height={64} className={styles.img} />
          <div>
            <h2 id={`dispute-${item._id}`} className={styles.name} translate="no">
              {item.product.name}
            </h2>
            <p className={styles.meta}>
              {t.rich('disputes.sale', { amount: formatTakaExact(item.amount / 100), method: t(`disputes.method.${item.method}`), trx: <UserText>{item.transactionId}</UserText> })}
            </p>
            <p className={styles.meta}>{t.rich('disputes.parties', {
                buyer: <UserText>{item.buyer.name}</UserText>,
                buyerEmail: item.buyer.email ? <UserText>{item.buyer.email}</UserText> : t('people.noEmailInline'),
                seller: <UserText>{item.seller.name}</UserText>,
                sellerEmail: item.seller.email ? <UserText>{item.seller.email}</UserText> : t('people.noEmailInline'),
              })}</p>
          </div>
        </header>
        <p>
          <strong>{t(`disputes.reason.${item.reason}`)}</strong> · {when(item.createdAt)}
        </p>
        {item.note && (
          <blockquote className={styles.note} translate="no">
            {item.note}
          </blockquote>
        )}
        {/* "Not the phone that was tested" (issue 68): what the handover's check found against the listing's. */}
        {item.comparison && !item.comparison.match && (
          <section className={styles.evidence} aria-label={t('disputes.comparison')}>
            <p className={styles.meta}>{t('disputes.comparison')}</p>
            <ul>
              {item.comparison.differences.map((difference) => (
                <li key={difference.fact} translate="no">
                  {difference.fact === 'IMEI'
                    ? t('disputes.imeiDiffers')
                    : t('disputes.differs', { fact: t(`disputes.fact.${difference.fact}` as 'disputes.fact.screen'), tested: difference.tested, now: difference.now })}
                </li>
              ))}
            </ul>
          </section>
        )}
        {/* NEIR at the handover (issue 68): what each side recorded. */}
        {item.neir && (
          <p className={styles.meta} data-testid="dispute-neir">
            {t(item.neir.seller ? 'disputes.neirSeller' : 'disputes.neirSellerNone')}{' '}
            {item.neir.buyer
              ? t(item.neir.buyer.imeiMatches === false ? 'disputes.neirBuyerOther' : 'disputes.neirBuyer', { last4: item.neir.buyer.imeiLast4 })
              : t('disputes.neirBuyerNone')}
          </p>
        )}
        {item.photos.length > 0 && (
          <ul className={styles.photos} aria-label={t('disputes.photos')}>
            {item.photos.map((src, index) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noreferrer">
                  <img src={src} alt={t('disputes.photo', { n: index + 1 })} width={120} height={90} />
                </a>
              </li>
            ))}
          </ul>
        )}
        {onDecide ? (
          <div className={styles.actions}>
            {/* Cash the rider collected goes back to the wallet the buyer named (issue 69), else by bKash to the parcel's number. */}
            {item.refundTo && (
              <p className={styles.decided}>
                {t.rich(item.refundTo.chosenByBuyer ? 'disputes.cashRefundChosen' : 'disputes.cashRefundTo', {
                  wallet: t(`disputes.wallet.${item.refundTo.method}`),
                  number: <span translate="no">{item.refundTo.number}</span>,
                })}
                {item.refundTo.failedAt && ` ${t('disputes.cashRefundFailed')}`}
              </p>
            )}
            <Button variant="danger" size="sm" onClick={() => onDecide('refund')}>
              {t('disputes.refund')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onDecide('release')}>
              {t('disputes.release')}
            </Button>
          </div>
        ) : (
          <p className={styles.decided}>
            {t.rich(`disputes.status.${item.status}`, { who: <UserText>{item.decidedBy ?? ''}</UserText> })}
            {item.decisionReason && (
              <>
                {' — '}
                <UserText>{item.decisionReason}</UserText>
              </>
            )}
          </p>
        )}
      </article>
    </Card>
  );
}
