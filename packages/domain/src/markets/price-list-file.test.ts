import { describe, expect, it } from 'vitest';
import { MalformedPriceFile, readPriceFile, writePriceFile } from './price-list-file.ts';

const header = 'productId,name,msrp,basePrice,whiteGloveShipping,flatRateShipping';

describe('price list files', () => {
  it('reads back what it writes, byte-order mark and quoted names included', () => {
    const file = writePriceFile('EUR', [
      {
        id: 'battery_backup',
        name: 'Battery Backup, 10 kWh',
        prices: { msrp: 5495, basePrice: 5495, whiteGloveShipping: 230, flatRateShipping: 140 },
      },
      { id: 'controller', name: 'Controller', prices: undefined },
    ]);
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file).toContain(
      'battery_backup,"Battery Backup, 10 kWh",5495.00,5495.00,230.00,140.00\r\n',
    );
    expect(file).toContain('controller,Controller,,,,\r\n');
    const read = readPriceFile(file, 'EUR');
    expect(read.rows).toEqual([
      {
        row: 2,
        productId: 'battery_backup',
        prices: { msrp: 5495, basePrice: 5495, whiteGloveShipping: 230, flatRateShipping: 140 },
      },
    ]);
    // The product with no price yet: its empty cells are named.
    expect(read.problems.map((p) => [p.row, p.column])).toEqual([
      [3, 'msrp'],
      [3, 'basePrice'],
      [3, 'whiteGloveShipping'],
      [3, 'flatRateShipping'],
    ]);
  });

  it('writes yen without decimals and refuses a yen amount with them', () => {
    const file = writePriceFile('JPY', [
      {
        id: 'controller',
        name: 'Controller',
        prices: {
          msrp: 29900,
          basePrice: 194300,
          whiteGloveShipping: 11300,
          flatRateShipping: 5300,
        },
      },
    ]);
    expect(file).toContain('controller,Controller,29900,194300,11300,5300');
    const { problems } = readPriceFile(`${header}\ncontroller,,29900.5,194300,0,0\n`, 'JPY');
    expect(problems).toEqual([
      { row: 2, column: 'msrp', message: '“29900.5”: JPY amounts are whole numbers.' },
    ]);
  });

  it('reads decimal commas in a semicolon-separated file, refuses them in a comma-separated one', () => {
    const semicolons = readPriceFile(
      'productId;msrp;basePrice;whiteGloveShipping;flatRateShipping\r\ncontroller;185,50;1195;70;35\r\n',
      'EUR',
    );
    expect(semicolons.rows[0]!.prices.msrp).toBe(185.5);
    expect(semicolons.problems).toEqual([]);
    const commas = readPriceFile(`${header}\ncontroller,,"185,50",1195,70,35\n`, 'EUR');
    expect(commas.problems).toEqual([
      {
        row: 2,
        column: 'msrp',
        message:
          '“185,50” has a comma: write decimals with a point (1234.50) and no thousands separators.',
      },
    ]);
  });

  it('names each bad cell and a product given twice by row and column', () => {
    const { rows, problems } = readPriceFile(
      [header, 'controller,,€185,1195,-1,35', '', 'controller,,1,1,1,1', ',,1,1,1,1'].join('\n'),
      'EUR',
    );
    expect(rows).toEqual([]);
    expect(problems.map((p) => `${p.row} ${p.column}`)).toEqual([
      '2 msrp',
      '2 whiteGloveShipping',
      '4 productId',
      '5 productId',
    ]);
  });

  it('refuses a file that is not a price list', () => {
    expect(() => readPriceFile('', 'EUR')).toThrow(MalformedPriceFile);
    expect(() => readPriceFile('productId,unitPrice\nx,1\n', 'EUR')).toThrow(
      'Unknown column “unitPrice”',
    );
    expect(() => readPriceFile('productId,msrp,basePrice\nx,1,1\n', 'EUR')).toThrow(
      'The header has no whiteGloveShipping, flatRateShipping column.',
    );
    expect(() => readPriceFile(`${header}\n"controller,1,1,1,1\n`, 'EUR')).toThrow(
      'opens a quote that never closes',
    );
    expect(() => readPriceFile(`${header}\n`, 'EUR')).toThrow('a header and no rows');
  });
});
