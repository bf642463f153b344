import { createElement, type ReactNode } from 'react';
import type { Notification } from '@phonehaat/shared-api';
import { messageIn } from '@phonehaat/shared-api/messages';
import { currentLanguage, formatTaka, formatTakaExact, richMessage, UserText, type RichValues } from '@phonehaat/shared-ui';
import { t as plainT } from './i18n';

/** People's text (a phone's name, a person's, a reason typed by an admin), marked as theirs inside the sentence. */
const theirs = (text: string) => createElement(UserText, null, text);
/** The catalog's message with its values, people's text among them marked (see theirs). */
const t = (key: Parameters<typeof plainT>[0], values: RichValues = {}): ReactNode => richMessage((plain) => plainT(key, plain), values);

/** What a notification says, in the page's language, from the facts it carries (typed content quoted as typed). */
export function describe({ kind, params: p }: Notification): ReactNode {
  const product = theirs(p.productName ?? '');
  const amount = formatTaka(p.amount ?? p.newPrice ?? 0);
  switch (kind) {
    case 'booked':
      // The price booked at (issue 65), the agreed one said so; notifications from before it name none.
      if (p.amount === undefined) return t('kind.booked', { who: theirs(p.who ?? ''), product });
      return t(p.agreed ? 'kind.bookedAgreed' : 'kind.bookedAt', { who: theirs(p.who ?? ''), product, amount });
    case 'paid':
      return p.role === 'seller' ? t('kind.paidSeller', { product, amount }) : t('kind.paidBuyer', { product, amount });
    case 'released':
      return p.role === 'seller' ? t('kind.releasedSeller', { product, amount: formatTakaExact(p.amount ?? 0) }) : t('kind.releasedBuyer', { product });
    case 'disputed': {
      const reason = plainT(p.reason === 'seller-no-show' ? 'dispute.seller-no-show' : p.reason === 'not-tested-phone' ? 'dispute.not-tested-phone' : 'dispute.not-as-described');
      return p.role === 'seller' ? t('kind.disputedSeller', { product, reason }) : t('kind.disputedBuyer', { product });
    }
    case 'dispute-decided':
      return p.outcome === 'refunded'
        ? t('kind.disputeRefunded', { product, amount: formatTakaExact(p.amount ?? 0), reason: theirs(p.reason ?? '') })
        : t('kind.disputeReleased', { product, reason: theirs(p.reason ?? '') });
    case 'parcel':
      return t(p.role === 'seller' ? 'kind.parcelSeller' : 'kind.parcelBuyer', { product, step: plainT(`parcel.${p.step ?? 'booked'}`) });
    case 'offer':
      return t(`offer.${p.role ?? 'buyer'}.${p.offerStep ?? 'offered'}`, { who: theirs(p.who ?? ''), product, amount });
    case 'fee-paid':
      return t('kind.feePaid', { product, amount });
    case 'new-sign-in':
      // The browser's and system's own names ("Chrome, Android"), shown as they are.
      return p.device ? t('kind.newSignIn', { device: theirs(p.device) }) : t('kind.newSignInUnknown');
    case 'paid-out':
      return t('kind.paidOut', { amount: formatTakaExact(p.amount ?? 0) });
    case 'sold-elsewhere':
      return t('kind.soldElsewhere', { product });
    case 'refunded':
      // PhoneHaat's own reason, in the page's language where it has one.
      return t('kind.refunded', { product, amount, reason: messageIn(p.reason ?? '', currentLanguage()) });
    case 'listing-removed':
      return t('kind.listingRemoved', { product });
    case 'your-listing-removed':
      return t('kind.yourListingRemoved', { product, reason: theirs(p.reason ?? '') });
    case 'verified':
      return t('kind.verified');
    case 'message':
      return t('kind.message', { who: theirs(p.who ?? ''), product });
    case 'saved-search':
      return t('kind.savedSearch', { count: p.count ?? 0, name: theirs(p.searchName ?? '') });
    case 'price-drop':
      return t('kind.priceDrop', { product, amount, old: formatTaka(p.oldPrice ?? 0) });
    case 'watched-sold':
      return t('kind.watchedSold', { product });
  }
}
