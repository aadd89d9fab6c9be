// The billing address a business pays with: every invoice names it, so a purchase asks for it
// first. Street, postal code, town and country are needed; the second line and VAT are optional.

export interface BillingAddressParts {
  address1: string;
  postalCode: string;
  city: string;
  country: string;
}

/** Whether the address has every part an invoice needs (blank parts count as missing). */
export function hasBillingAddress(address: BillingAddressParts): boolean {
  return [address.address1, address.postalCode, address.city, address.country].every(
    (part) => part.trim() !== '',
  );
}
