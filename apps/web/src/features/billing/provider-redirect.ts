// Sending the browser to the payment provider's own pages: the card page of a setup intent, a
// 3-D Secure step, the customer portal. These addresses come from our server; they are still
// checked as every external address is (spec 5), at the one place that leaves for them.
import { leaveToExternal } from '../signing/leave.js';

export function goToPaymentPage(url: string): boolean {
  return leaveToExternal(new URL(url, window.location.origin).href);
}
