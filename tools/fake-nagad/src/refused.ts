/** Nagad's errors: an HTTP 4xx with a reason and a message (the payment API's and the disbursement's alike). */
export class Refused extends Error {
  readonly reason: string;
  readonly status: number;
  constructor(reason: string, message: string, status = 400) {
    super(message);
    this.reason = reason;
    this.status = status;
  }
}
