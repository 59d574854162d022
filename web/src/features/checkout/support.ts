// Where a shopper gets help with a payment or an order.
export const SUPPORT = {
  email: 'support@legacythreads.in',
  phone: '+91 80 4000 1234',
  phoneHref: 'tel:+918040001234',
  hours: 'Monday to Saturday, 10 am to 7 pm IST',
} as const;
