import { describe, expect, it } from 'vitest';
import { chargeCard, TEST_CARDS } from './cards.js';

const now = new Date('2026-06-15T00:00:00Z');
const card = (number: string, expMonth = 12, expYear = 2030) => chargeCard({ number, expMonth, expYear }, now);

describe('chargeCard', () => {
  it('charges 4242… and any other number that passes Luhn', () => {
    expect(card(TEST_CARDS.visa)).toBeUndefined();
    expect(card('5555 5555 5555 4444')).toBeUndefined();
  });

  it('answers each test card with Stripe’s error', () => {
    expect(card(TEST_CARDS.declined)).toEqual({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(card(TEST_CARDS.insufficientFunds)).toEqual({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(card(TEST_CARDS.incorrectNumber)).toEqual({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
    expect(card('4242abcd42424242')?.code).toBe('incorrect_number');
  });

  it('refuses an expired card or a bad expiry, and accepts this month and two-digit years', () => {
    expect(card(TEST_CARDS.visa, 5, 2026)?.code).toBe('expired_card');
    expect(card(TEST_CARDS.visa, 12, 2025)?.message).toBe('Your card has expired.');
    expect(card(TEST_CARDS.visa, 6, 2026)).toBeUndefined();
    expect(card(TEST_CARDS.visa, 1, 27)).toBeUndefined();
    expect(card(TEST_CARDS.visa, 13, 2030)?.code).toBe('invalid_expiry_month');
    expect(card(TEST_CARDS.visa, 12, Number.NaN)?.code).toBe('invalid_expiry_year');
  });
});
