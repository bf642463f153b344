import type { Refund, Session } from './store.js';

/** SSLCommerz keeps its fee: the store's share of an amount (2.5 % here), as the IPN and validation report it. */
const storeAmount = (amount: string) => (Number(amount) * 0.975).toFixed(2);
const issuer = (cardType: string) => cardType.split('-').slice(1).join('-') || 'SSLCommerz';
const brand = (cardType: string) => (/^VISA/.test(cardType) ? 'VISA' : /^MASTER/.test(cardType) ? 'MASTERCARD' : /MOBILE|UPAY/.test(cardType) ? 'MOBILEBANKING' : 'IB');

/** The transaction's fields as the IPN, the browser's return and the validation API all carry them. */
export function transactionFields(session: Session, { amount = session.request.total_amount } = {}): Record<string, string> {
  const { request } = session;
  return {
    status: session.status,
    tran_date: session.tranDate,
    tran_id: request.tran_id,
    val_id: session.valId,
    amount,
    store_amount: storeAmount(amount),
    currency: request.currency,
    bank_tran_id: session.bankTranId,
    card_type: session.cardType,
    card_no: session.cardNo,
    card_issuer: issuer(session.cardType),
    card_brand: brand(session.cardType),
    card_issuer_country: 'Bangladesh',
    card_issuer_country_code: 'BD',
    currency_type: request.currency,
    currency_amount: amount,
    currency_rate: '1.0000',
    base_fair: '0.00',
    value_a: request.value_a ?? '',
    value_b: request.value_b ?? '',
    value_c: request.value_c ?? '',
    value_d: request.value_d ?? '',
    risk_level: String(session.riskLevel),
    risk_title: session.riskLevel === 1 ? 'Risky' : 'Safe',
  };
}

/** validator/api/validationserverAPI.php: VALID the first time, VALIDATED after; INVALID_TRANSACTION for an unknown val_id. */
export function validationAnswer(session: Session | undefined, amount?: string) {
  if (!session || session.status !== 'VALID') return { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' };
  session.validations += 1;
  return {
    ...transactionFields(session, amount === undefined ? {} : { amount }),
    status: session.validations === 1 ? 'VALID' : 'VALIDATED',
    APIConnect: 'DONE',
    validated_on: new Date().toISOString().replace('T', ' ').slice(0, 19),
    gw_version: '',
  };
}

/** merchantTransIDvalidationAPI.php with tran_id (or sessionkey): every attempt of that transaction id. */
export function transactionQueryAnswer(sessions: Session[]) {
  const element = sessions.map((session) => ({ ...transactionFields(session), APIConnect: 'DONE', error: '' }));
  return { APIConnect: 'DONE', no_of_trans_found: element.length, element };
}

export const refundAnswer = (refund: Refund) => ({
  APIConnect: 'DONE',
  bank_tran_id: refund.bankTranId,
  trans_id: refund.refeId,
  refund_ref_id: refund.refundRefId,
  status: 'success',
  errorReason: '',
});

export const refundQueryAnswer = (refund: Refund, tranId: string) => ({
  APIConnect: 'DONE',
  bank_tran_id: refund.bankTranId,
  tran_id: tranId,
  refund_ref_id: refund.refundRefId,
  initiated_on: refund.initiatedOn,
  refunded_on: refund.refundedOn,
  status: refund.status,
  errorReason: '',
});
