/** Cable TV: a DStv, GOtv, StarTimes or Showmax subscription, checked against the smartcard first. */
import { billProduct } from './bill.js';

export const cable = billProduct('cable', 'cable');
