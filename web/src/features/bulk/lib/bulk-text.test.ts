import { describe, expect, it } from 'vitest';
import type { PriceRow } from '@shared/api/catalogue.js';
import { BULK_MSG, CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { linesOfText, previewBulk } from './bulk-text.js';

const GLO_1GB: PriceRow = {
  _id: '43',
  id: 43,
  plan_network: 'GLO',
  plan_type: 'GLO',
  plan: '1GB',
  plan_amount: 300,
  my_price: 300,
  resellerPrice: 290,
  apiPrice: 285,
  month_validate: '30 days validity',
  isAvailable: true,
};

describe('pasted lines and CSV files → bulk lines', () => {
  it('reads network names or ids, any of comma, semicolon, tab or spaces, and skips a header row', () => {
    const text = 'network,phone,amount\nMTN, 08031234567, 100\n\n2;08051234567;200\n9mobile\t08091234567\t50.5\nairtel 08021234567 1000';
    expect(linesOfText(text, 'airtime')).toEqual([
      { network: 1, mobile_number: '08031234567', amount: '100' },
      { network: '2', mobile_number: '08051234567', amount: '200' },
      { network: 4, mobile_number: '08091234567', amount: '50.5' },
      { network: 3, mobile_number: '08021234567', amount: '1000' },
    ]);
    // Data has 9MOBILE as 6 (the spec's data ids).
    expect(linesOfText('9MOBILE,08091234567,7', 'data')).toEqual([{ network: 6, mobile_number: '08091234567', plan: '7' }]);
  });

  it('the preview charges each airtime line as the server will, and totals them', () => {
    const preview = previewBulk('MTN,08031234567,100\nGLO,08051234567,200', 'airtime', 'reseller', undefined);
    expect(preview).toMatchObject({
      ok: true,
      totalKobo: 98_00 + 196_00,
      body: {
        lines: [
          { network: 1, mobile_number: '08031234567', amount: 100 },
          { network: 2, mobile_number: '08051234567', amount: 200 },
        ],
      },
    });
    // Each preview line keeps its line number: two pasted lines may be alike.
    expect(previewBulk('MTN,08031234567,100\nMTN,08031234567,100', 'airtime', 'reseller', undefined)).toMatchObject({
      ok: true,
      lines: [{ line: 1 }, { line: 2 }],
    });
  });

  it('names each bad line: a bad number, an amount below the minimum, a plan not on the list or of another network', () => {
    expect(previewBulk('MTN,0803,100\nMTN,08031234567,100\nXYZ,08031234567,100', 'airtime', undefined, undefined)).toEqual({
      ok: false,
      problems: [
        { line: 1, msg: MSG.checkPhone },
        { line: 3, msg: MSG.invalidNetwork },
      ],
    });
    expect(previewBulk('MTN,08031234567,50', 'airtime', undefined, undefined)).toEqual({ ok: false, problems: [{ line: 1, msg: MSG.minimumAirtime }] });
    expect(previewBulk('GLO,08051234567,43\nMTN,08031234567,43\nGLO,08051234567,999', 'data', 'api user', [GLO_1GB])).toEqual({
      ok: false,
      problems: [
        { line: 2, msg: CATALOGUE_MSG.planNotForNetwork },
        { line: 3, msg: CATALOGUE_MSG.planUnavailable },
      ],
    });
    expect(previewBulk('GLO,08051234567,43', 'data', 'api user', [GLO_1GB])).toMatchObject({ ok: true, totalKobo: 285_00 });
  });

  it('no lines, or more than 100, are refused before anything is sent', () => {
    expect(previewBulk('  \n', 'airtime', undefined, undefined)).toEqual({ ok: false, problems: [], msg: BULK_MSG.noLines });
    expect(previewBulk(Array(101).fill('MTN,08031234567,100').join('\n'), 'airtime', undefined, undefined)).toMatchObject({
      ok: false,
      msg: 'A bulk purchase takes at most 100 lines',
    });
  });
});
