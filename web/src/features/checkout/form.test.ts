import { describe, expect, it } from 'vitest';
import { addressesOf, addressInput, emptyForm, MESSAGES, validate, validateAddress, withSavedPlace, type CheckoutForm } from '../../lib/checkoutForm';
import { cleanPhone, cleanPincode } from '../../lib/inputs';
import { forgetReceipt, receiptFor } from '../../lib/receipt';
import { normaliseForm } from './form';

function filled(overrides: Partial<CheckoutForm['shipping']> = {}): CheckoutForm {
  const form = emptyForm({ email: 'asha@example.com', name: 'Asha Verma' });
  form.shipping = { ...form.shipping, phone: '9876543210', addressLine1: '12 Janpath', pincode: '110001', city: 'New Delhi', state: 'Delhi', ...overrides };
  return form;
}

describe('checkout form validation', () => {
  it('accepts a complete form', () => {
    expect(validate(filled())).toEqual({ errors: {}, summary: null });
  });

  it("names the spec's message for missing shipping fields and marks each field", () => {
    const { errors, summary } = validate(emptyForm());
    expect(summary).toBe('Please fill in all required shipping fields');
    for (const key of ['email', 'fullName', 'phone', 'addressLine1', 'pincode', 'city', 'state']) {
      expect(errors[`shipping.${key}`]).toBe(MESSAGES.required);
    }
    // The second address line is optional.
    expect(errors['shipping.addressLine2']).toBeUndefined();
    expect(validate(filled({ city: '   ' })).summary).toBe(MESSAGES.requiredShipping);
  });

  it('checks billing only when it differs from shipping', () => {
    const form = filled();
    form.sameAsShipping = false;
    expect(validate(form).summary).toBe('Please fill in all required billing fields');
    form.billing = { addressLine1: '1 MG Road', addressLine2: '', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    expect(validate(form).summary).toBeNull();
    form.billing.pincode = '5600';
    expect(validate(form).errors['billing.pincode']).toBe('Invalid pincode. Please check and try again.');
  });

  it('rejects a malformed e-mail, phone or pincode with their messages', () => {
    expect(validate(filled({ email: 'asha@example' })).summary).toBe('Please enter a valid email address');
    expect(validate(filled({ phone: '987654321' })).summary).toBe('Please enter a valid 10-digit mobile number');
    // As the server decides: no mobile number starts with 0.
    expect(validate(filled({ phone: '0123456789' })).summary).toBe('Please enter a valid 10-digit mobile number');
    expect(validate(filled({ pincode: '11000' })).summary).toBe('Invalid pincode. Please check and try again.');
  });

  it('takes an unknown pincode from the lookup', () => {
    const { errors, summary } = validate(filled({ pincode: '999999' }), { shipping: MESSAGES.pincode });
    expect(errors['shipping.pincode']).toBe(MESSAGES.pincode);
    expect(summary).toBe(MESSAGES.pincode);
  });
});

describe('input cleaning', () => {
  it('keeps 10 digits of a phone number, dropping +91, a leading 0 and separators', () => {
    expect(cleanPhone('98765 43210')).toBe('9876543210');
    expect(cleanPhone('+91 98765-43210')).toBe('9876543210');
    expect(cleanPhone('09876543210')).toBe('9876543210');
    expect(cleanPhone('98a76')).toBe('9876');
    expect(cleanPhone('987654321099')).toBe('9876543210');
  });

  it('keeps at most 6 digits of a pincode', () => {
    expect(cleanPincode('110 001')).toBe('110001');
    expect(cleanPincode('1100019')).toBe('110001');
    expect(cleanPincode('ab12')).toBe('12');
  });

  it('normalises a form from navigation state or storage', () => {
    const fallback = emptyForm({ email: 'asha@example.com' });
    expect(normaliseForm(null, fallback)).toBeNull();
    const form = normaliseForm({ shipping: { phone: '+91 98765 43210', pincode: '110-001', city: 7 }, sameAsShipping: false }, fallback)!;
    expect(form.shipping).toMatchObject({ email: 'asha@example.com', phone: '9876543210', pincode: '110001', city: '' });
    expect(form.sameAsShipping).toBe(false);
  });
});

describe('addressesOf', () => {
  it('sends the pincode as zipCode, trimmed, with country India', () => {
    const form = filled({ fullName: ' Asha Verma ', addressLine2: ' ' });
    const { shippingAddress, billingAddress } = addressesOf(form);
    expect(shippingAddress).toEqual({
      email: 'asha@example.com',
      fullName: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '12 Janpath',
      city: 'New Delhi',
      state: 'Delhi',
      zipCode: '110001',
      country: 'India',
    });
    expect(billingAddress).toEqual(shippingAddress);
  });

  it('gives a separate billing address the shipping contact', () => {
    const form = filled();
    form.sameAsShipping = false;
    form.billing = { addressLine1: '1 MG Road', addressLine2: 'Floor 2', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    expect(addressesOf(form).billingAddress).toEqual({
      email: 'asha@example.com',
      fullName: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '1 MG Road',
      addressLine2: 'Floor 2',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipCode: '560001',
      country: 'India',
    });
  });
});

describe('receiptFor', () => {
  it('keeps one receipt per checkout attempt, valid for the server (at most 40 of [A-Za-z0-9_-])', () => {
    const first = receiptFor('cart-a');
    expect(first).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(receiptFor('cart-a')).toBe(first);
    const changed = receiptFor('cart-b');
    expect(changed).not.toBe(first);
    forgetReceipt();
    expect(receiptFor('cart-b')).not.toBe(changed);
  });
});

describe('contact and address fields on their own (a group’s ship-to address, a member’s billing details)', () => {
  it('are checked by the shipping rules, keyed and summed up in their own section’s words', () => {
    const fields = filled().shipping;
    expect(validateAddress('billing', fields)).toEqual({ errors: {}, summary: null });
    expect(validateAddress('billing', { ...fields, phone: '', city: '' })).toEqual({
      errors: { 'billing.phone': MESSAGES.required, 'billing.city': MESSAGES.required },
      summary: MESSAGES.requiredBilling,
    });
    expect(validateAddress('shipping', { ...fields, city: '' }).summary).toBe(MESSAGES.requiredShipping);
    expect(validateAddress('billing', { ...fields, email: 'asha@' })).toEqual({ errors: { 'billing.email': MESSAGES.email }, summary: MESSAGES.email });
    expect(validateAddress('shipping', fields, 'Invalid pincode. Please check and try again.').errors).toEqual({ 'shipping.pincode': 'Invalid pincode. Please check and try again.' });
  });

  it('go to the API as an AddressInput, and take a saved address', () => {
    expect(addressInput({ ...filled().shipping, addressLine2: ' Block B ' })).toEqual({
      email: 'asha@example.com',
      fullName: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '12 Janpath',
      addressLine2: 'Block B',
      city: 'New Delhi',
      state: 'Delhi',
      zipCode: '110001',
      country: 'India',
    });
    const saved = withSavedPlace(filled().shipping, { street: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560 001', phone: '+91 98765 00000' });
    expect(saved).toMatchObject({ email: 'asha@example.com', addressLine1: '4 MG Road', pincode: '560001', city: 'Bengaluru', phone: '9876500000' });
  });

  it('keep a receipt of their own, apart from checkout’s', () => {
    const checkout = receiptFor('cart-a');
    const group = receiptFor('cart-a', 'group-pay.x');
    expect(group).not.toBe(checkout);
    expect(receiptFor('cart-a', 'group-pay.x')).toBe(group);
    expect(receiptFor('cart-a')).toBe(checkout);
    forgetReceipt('group-pay.x');
    expect(receiptFor('cart-a', 'group-pay.x')).not.toBe(group);
    expect(receiptFor('cart-a')).toBe(checkout);
  });
});
