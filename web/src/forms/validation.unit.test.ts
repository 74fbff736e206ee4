import { describe, expect, it } from 'vitest';
import { checkMobile, checkPassword, checkPhone, validateForm } from './validation.ts';

describe('§5 mobile number', () => {
  it('requires a value and the 1[34578] + nine digits shape', () => {
    expect(checkMobile('')).toBe('mobileRequired');
    expect(checkMobile('13812345678')).toBeUndefined();
    expect(checkMobile('18912345678')).toBeUndefined();
    expect(checkMobile('16912345678')).toBe('mobileInvalid');
    expect(checkMobile('1381234567')).toBe('mobileInvalid');
    expect(checkMobile('23812345678')).toBe('mobileInvalid');
  });
});

describe('§5 phone or landline', () => {
  it('accepts area-code landlines and mobiles 1[3-9]', () => {
    expect(checkPhone('')).toBe('phoneRequired');
    expect(checkPhone('020-12345678')).toBeUndefined();
    expect(checkPhone('0755-1234567')).toBeUndefined();
    expect(checkPhone('16912345678')).toBeUndefined();
    expect(checkPhone('12912345678')).toBe('phoneInvalid');
    expect(checkPhone('020-123456')).toBe('phoneInvalid');
  });
});

describe('registration', () => {
  const valid = {
    name: '李明',
    companyName: '深圳前海数贸科技有限公司',
    phone: '13812345678',
    code: '482913',
    password: 'abc12345',
    confirmPassword: 'abc12345',
    email: 'li.ming@example.com',
    position: '',
    role: '',
    terms: true,
  };

  it('passes a complete form', () => {
    expect(validateForm('register', valid)).toEqual({});
  });

  it('checks password length 6 to 12, match, terms and required fields', () => {
    expect(checkPassword('abc12')).toBe('passwordLength');
    expect(checkPassword('abcdefghij123')).toBe('passwordLength');
    expect(checkPassword('abc!123')).toBe('passwordLength');
    expect(validateForm('register', { ...valid, confirmPassword: 'abc12346' })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
    expect(validateForm('register', { ...valid, terms: false })).toEqual({ terms: 'termsRequired' });
    expect(validateForm('register', { ...valid, name: ' ', email: 'nope' })).toEqual({
      name: 'required',
      email: 'emailInvalid',
    });
  });
});

describe('other forms', () => {
  it('validates contact, inquiry and message forms', () => {
    expect(validateForm('contact', {})).toEqual({
      name: 'required',
      phone: 'phoneRequired',
      industry: 'required',
      demand: 'required',
    });
    expect(
      validateForm('inquiry', {
        contactPerson: '王芳',
        phone: '021-66778899',
        certification: 'CE',
        specification: '20 尺冷藏集装箱',
        quantity: '0',
      }),
    ).toEqual({ quantity: 'quantityInvalid' });
    expect(validateForm('message', { content: 'x'.repeat(501) })).toEqual({ content: 'tooLong' });
  });

  it('asks the centralised join form for a whole number of member companies', () => {
    const filled = { organisation: '园区', name: '李', phone: '13800000000', members: '12', demand: 'x' };
    expect(validateForm('centralize', filled)).toEqual({});
    expect(validateForm('centralize', { ...filled, members: 'many' })).toEqual({
      members: 'quantityInvalid',
    });
    expect(validateForm('centralize', {})).toMatchObject({ organisation: 'required', members: 'required' });
  });
});
