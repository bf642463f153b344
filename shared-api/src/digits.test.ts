import { describe, expect, it } from 'vitest';
import { amountOf, digitsOf } from './digits.ts';
import { HandoverCodeBody, NewBookingBody } from './bookings.ts';
import { Imei } from './imei.ts';
import { PayoutWalletBody } from './money.ts';
import { SearchQuery } from './search.ts';

describe('digits as people type them', () => {
  it('reads Bangla digits as Latin ones, without the spaces and dashes between groups', () => {
    expect(digitsOf('০১৮১১-০০০ ১১১')).toBe('01811000111');
    expect(digitsOf('৪৮২–৯১৭')).toBe('482917');
  });

  it('is taken by every field of digits where money changes hands, stored in Latin digits', () => {
    expect(NewBookingBody.parse({ id: '3f1c8a52-6a5d-4a4e-8b8e-2f0c1d9e7a10', phone: '০১৮১১-০০০১১১', meetingLocation: 'Mirpur' }).phone).toBe('01811-000111');
    expect(HandoverCodeBody.parse({ code: '৪৮২৯১৭' }).code).toBe('482917');
    expect(HandoverCodeBody.safeParse({ code: '৪৮২৯১' }).success).toBe(false);
    const confirmation = { verificationId: '3f1c8a52-6a5d-4a4e-8b8e-2f0c1d9e7a10', code: '১২৩৪৫৬' };
    expect(PayoutWalletBody.parse({ number: '০১৭৭০-৬১৮৫৭৫', repeat: '01770618575', confirmation })).toEqual({
      number: '01770618575',
      repeat: '01770618575',
      confirmation: { verificationId: confirmation.verificationId, code: '123456' },
    });
    expect(Imei.parse('৩৫২০৯৯-০০১৭৬১৪৮-১')).toBe(Imei.parse('352099-00176148-1'));
  });

  it('reads an amount of taka as people write it, and says when it is not one', () => {
    for (const typed of ['21000', '21,000', '২১,০০০', '২১০০০', 'Tk 21,000', 'tk21000', '৳ ২১,০০০', '21,000/-', '২১,০০০ টাকা', ' 21 000 ']) expect(amountOf(typed), typed).toBe(21000);
    expect(amountOf('')).toBeUndefined();
    expect(amountOf('   ')).toBeUndefined();
    for (const typed of ['twenty', '21k', '1,2,3a', 'Tk', '-500']) expect(amountOf(typed), typed).toBeNaN();
  });

  it('is how the search reads its price filters, in the browser and the API', () => {
    expect(SearchQuery.parse({ minPrice: '২৫,০০০', maxPrice: 'Tk 40,000', fromYear: '২০২১' })).toMatchObject({ minPrice: 25000, maxPrice: 40000, fromYear: 2021 });
    expect(SearchQuery.parse({ minPrice: '' }).minPrice).toBeUndefined();
    const refused = SearchQuery.safeParse({ minPrice: 'cheap' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['minPrice must be a number of Taka']);
  });
});
