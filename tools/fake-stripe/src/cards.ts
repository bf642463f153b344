/** Stripe's documented test cards, and the outcome each one produces. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: TEST_CARDS.visa,
  pm_card_chargeDeclined: TEST_CARDS.declined,
  pm_card_chargeDeclinedInsufficientFunds: TEST_CARDS.insufficientFunds,
};

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Undefined when the card is charged; otherwise Stripe's error for it. */
export function chargeCard(card: { number: string; expMonth?: number; expYear?: number }, now = new Date()): CardDecline | undefined {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (card.expYear !== undefined && card.expMonth !== undefined) {
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) {
      return { code: 'expired_card', message: 'Your card has expired.' };
    }
  }
  if (number === TEST_CARDS.declined) return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (number === TEST_CARDS.insufficientFunds) {
    return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  }
  return undefined;
}
