import { describe, expect, it } from 'vitest';
import { autoCompleteOf, inputTypeOf, isLoginForm, successHeading } from './formFieldAttributes.ts';

describe('form field attributes', () => {
  it('gives each kind of field its input type', () => {
    expect(inputTypeOf('password')).toBe('password');
    expect(inputTypeOf('confirm')).toBe('password');
    expect(inputTypeOf('email')).toBe('email');
    expect(inputTypeOf('mobile')).toBe('tel');
    expect(inputTypeOf('phone')).toBe('tel');
    expect(inputTypeOf('text')).toBe('text');
    expect(inputTypeOf('quantity')).toBe('text');
  });

  it('lets a password manager fill a saved password only when signing in', () => {
    expect(autoCompleteOf('password', 'login')).toBe('current-password');
    expect(autoCompleteOf('password', 'codeLogin')).toBe('current-password');
    expect(autoCompleteOf('password', 'register')).toBe('new-password');
    expect(autoCompleteOf('confirm', 'register')).toBe('new-password');
    expect(autoCompleteOf('email', 'register')).toBe('email');
    expect(autoCompleteOf('mobile', 'login')).toBe('tel');
    expect(autoCompleteOf('phone', 'message')).toBeUndefined();
    expect(autoCompleteOf('text', 'register')).toBeUndefined();
  });

  it('ends each form with its heading', () => {
    expect(isLoginForm('login')).toBe(true);
    expect(isLoginForm('register')).toBe(false);
    expect(successHeading('register')).toBe('registered');
    expect(successHeading('codeLogin')).toBe('loggedIn');
    expect(successHeading('message')).toBe('success');
  });
});
