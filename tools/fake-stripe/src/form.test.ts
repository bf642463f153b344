import { describe, expect, it } from 'vitest';
import { list, parseForm, str, strings } from './form.js';

describe('parseForm', () => {
  it('nests bracketed keys and reads indexed arrays back in order', () => {
    const form = parseForm(
      'amount=100&metadata[bookingId]=b%201&payment_method_data[card][number]=4242&payment_method_types[1]=link&payment_method_types[0]=card',
    );
    expect(str(form.amount)).toBe('100');
    expect(strings(form.metadata)).toEqual({ bookingId: 'b 1' });
    expect(JSON.parse(JSON.stringify(form.payment_method_data))).toEqual({ card: { number: '4242' } });
    expect(list(form.payment_method_types)).toEqual(['card', 'link']);
  });

  it('accepts encoded brackets and empty brackets', () => {
    const form = parseForm('metadata%5Bkey%5D=v&items[]=a&items[]=b');
    expect(strings(form.metadata)).toEqual({ key: 'v' });
    expect(list(form.items)).toEqual(['a', 'b']);
  });

  it('lets a later key win a conflict and never touches Object.prototype', () => {
    const form = parseForm('a=1&a[b]=2&__proto__[polluted]=yes&constructor[prototype][polluted]=yes');
    expect(strings(form.a)).toEqual({ b: '2' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(form)).toEqual(['a', '__proto__', 'constructor']);
  });
});
