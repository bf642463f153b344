/** Stripe's documented test cards, and what each one does here. Any other number that passes Luhn is charged. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Fails the Luhn check. */
  incorrectNumber: '4242424242424241',
} as const;

/** Stripe's test PaymentMethod ids, and the card each stands for. */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: TEST_CARDS.visa,
  pm_card_chargeDeclined: TEST_CARDS.declined,
  pm_card_chargeDeclinedInsufficientFunds: TEST_CARDS.insufficientFunds,
} as const;

export const isTestPaymentMethod = (id: string): id is keyof typeof TEST_PAYMENT_METHODS => Object.hasOwn(TEST_PAYMENT_METHODS, id);

export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
}

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Undefined when the card is charged; otherwise the card error Stripe answers with. */
export function chargeCard(card: Card, now = new Date()): CardDecline | undefined {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 0) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) {
    return { code: 'expired_card', message: 'Your card has expired.' };
  }
  if (digits === TEST_CARDS.declined) return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (digits === TEST_CARDS.insufficientFunds) {
    return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  }
  return undefined;
}
