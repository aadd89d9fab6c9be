// The words of an invoice PDF in the languages the server writes in (en, de, fr, it), chosen when
// the invoice is issued (the language of the person billed) and kept with it, so its document is
// the same whenever it is made. Amounts and dates are formatted for that language by Intl.
import type { Language } from '@countersign/domain';

export interface InvoiceTexts {
  invoice: string;
  creditNote: string;
  issued: (date: string, issuer: string) => string;
  billedTo: string;
  name: string;
  email: string;
  address: string;
  country: string;
  vatNumber: string;
  payment: string;
  charged: string;
  credited: string;
  description: string;
  amount: string;
  tax: string;
  total: string;
  subtotal: string;
  page: (title: string, n: number, of: number) => string;
}

export const INVOICE_TEXTS: Readonly<Record<Language, InvoiceTexts>> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    issued: (date, issuer) => `Issued ${date} by ${issuer}. Sealed by Countersign (PAdES).`,
    billedTo: 'Billed to',
    name: 'Name',
    email: 'E-mail',
    address: 'Address',
    country: 'Country',
    vatNumber: 'VAT number',
    payment: 'Payment',
    charged: 'Charged',
    credited: 'Credited',
    description: 'Description',
    amount: 'Amount',
    tax: 'Tax',
    total: 'Total',
    subtotal: 'Subtotal',
    page: (title, n, of) => `${title} - page ${n} of ${of}`,
  },
  de: {
    invoice: 'Rechnung',
    creditNote: 'Gutschrift',
    issued: (date, issuer) => `Ausgestellt am ${date} von ${issuer}. Von Countersign versiegelt (PAdES).`,
    billedTo: 'Rechnungsempfänger',
    name: 'Name',
    email: 'E-Mail',
    address: 'Adresse',
    country: 'Land',
    vatNumber: 'MWST-Nummer',
    payment: 'Zahlung',
    charged: 'Verrechnet',
    credited: 'Gutgeschrieben',
    description: 'Beschreibung',
    amount: 'Betrag',
    tax: 'MWST',
    total: 'Total',
    subtotal: 'Zwischensumme',
    page: (title, n, of) => `${title} - Seite ${n} von ${of}`,
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Note de crédit',
    issued: (date, issuer) => `Émise le ${date} par ${issuer}. Scellée par Countersign (PAdES).`,
    billedTo: 'Facturé à',
    name: 'Nom',
    email: 'E-mail',
    address: 'Adresse',
    country: 'Pays',
    vatNumber: 'Numéro de TVA',
    payment: 'Paiement',
    charged: 'Facturé',
    credited: 'Crédité',
    description: 'Description',
    amount: 'Montant',
    tax: 'TVA',
    total: 'Total',
    subtotal: 'Sous-total',
    page: (title, n, of) => `${title} - page ${n} sur ${of}`,
  },
  it: {
    invoice: 'Fattura',
    creditNote: 'Nota di credito',
    issued: (date, issuer) => `Emessa il ${date} da ${issuer}. Sigillata da Countersign (PAdES).`,
    billedTo: 'Fatturato a',
    name: 'Nome',
    email: 'E-mail',
    address: 'Indirizzo',
    country: 'Paese',
    vatNumber: 'Numero IVA',
    payment: 'Pagamento',
    charged: 'Addebitato',
    credited: 'Accreditato',
    description: 'Descrizione',
    amount: 'Importo',
    tax: 'IVA',
    total: 'Totale',
    subtotal: 'Subtotale',
    page: (title, n, of) => `${title} - pagina ${n} di ${of}`,
  },
};

const INTL_TAGS: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };

/** Minor units as an amount with the currency code, exactly (the decimal is built as a string). */
export function formatMinor(minor: number, currency: string, language: Language = 'en'): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const decimal = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(INTL_TAGS[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(decimal as unknown as number);
}

/** A date (of an ISO time) as the language writes it, in UTC: 24 Nov 2026, 24.11.2026. */
export function formatDay(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(INTL_TAGS[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
