/**
 * The local bKash's test wallets, as bKash's sandbox has its own: every wallet takes the code 123456 and the PIN 12121.
 * One lacks balance (its payment is refused when the merchant executes it, as bKash does); a wrong PIN three times
 * fails the payment.
 */
export const TEST_CODE = '123456';
export const TEST_PIN = '12121';
export const PIN_TRIES = 3;

export const TEST_WALLETS = {
  /** Pays. */
  succeeds: '01770618575',
  /** Approves on the page; execute answers 2023 Insufficient Balance. */
  insufficientBalance: '01823074817',
} as const;

/** A Bangladeshi mobile number, as bKash's page takes it: 01 then 9 digits, the operator digit 3–9. */
export const isWalletNumber = (value: string) => /^01[3-9]\d{8}$/.test(value);
export const lacksBalance = (wallet: string) => wallet === TEST_WALLETS.insufficientBalance;
