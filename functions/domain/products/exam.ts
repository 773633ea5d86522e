/** Exam PINs: WAEC and JAMB PINs (JAMB checked against the candidate's profile first), delivered as PINs on the record. */
import { billProduct } from './bill.js';

export const exam = billProduct('exam', 'exam');
