import { describe, expect, it } from 'vitest';
import { bangladeshMobile, digitsOf, latinDigits } from './digits.js';
import { HandoverCodeBody, NewBookingBody } from './bookings.js';
import { Imei } from './imei.js';
import { PayoutWalletBody } from './money.js';

describe('digits as people type them', () => {
  it('reads Bangla digits as Latin ones and keeps everything else', () => {
    expect(latinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(latinDigits('টাকা ২১,০০০')).toBe('টাকা 21,000');
    expect(digitsOf('০১৮১১-০০০ ১১১')).toBe('01811000111');
  });

  it('finds a Bangladeshi mobile number however it is written, and refuses what is not one', () => {
    for (const typed of ['01811000111', '০১৮১১-০০০১১১', '+880 1811-000111', '8801811000111', '+৮৮০১৮১১০০০১১১'])
      expect(bangladeshMobile(typed)).toBe('01811000111');
    for (const typed of ['01211000111', '0181100011', '018110001112', 'abc', '']) expect(bangladeshMobile(typed)).toBeUndefined();
  });

  it('is taken by every field of digits where money changes hands, stored in Latin digits', () => {
    expect(NewBookingBody.parse({ id: '3f1c8a52-6a5d-4a4e-8b8e-2f0c1d9e7a10', phone: '০১৮১১-০০০১১১', meetingLocation: 'Mirpur' }).phone).toBe('01811-000111');
    expect(HandoverCodeBody.parse({ code: '৪৮২৯১৭' }).code).toBe('482917');
    expect(HandoverCodeBody.safeParse({ code: '৪৮২৯১' }).success).toBe(false);
    expect(PayoutWalletBody.parse({ number: '০১৭৭০-৬১৮৫৭৫', repeat: '01770618575' })).toEqual({ number: '01770618575', repeat: '01770618575' });
    expect(Imei.parse('৩৫২০৯৯-০০১৭৬১৪৮-১')).toBe(Imei.parse('352099-00176148-1'));
  });
});
