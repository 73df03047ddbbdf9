import { describe, expect, it } from 'vitest';
import { formatNumberEntry, readPrice, readQuantity } from './number-entry.ts';

describe('readQuantity', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['1,000', 1000],
    ['100,000', 100_000],
    ['3.0', 3],
  ])('reads %j as %d', (text, value) => expect(readQuantity(text)).toEqual({ value }));

  it.each([
    ['1e9', 'Enter the quantity in digits, like 12'],
    ['abc', 'Enter the quantity in digits, like 12'],
    ['1,00', 'Enter the quantity in digits, like 12'],
    ['-10', 'Quantity must be at least 1'],
    ['0', 'Quantity must be at least 1'],
    ['', 'Quantity must be at least 1'],
    ['2.5', 'Quantity must be a whole number'],
    ['99,999,999,999', 'Quantity must be at most 100,000'],
    ['100001', 'Quantity must be at most 100,000'],
  ])('refuses %j: %s', (text, error) => expect(readQuantity(text)).toEqual({ error }));
});

describe('readPrice', () => {
  it.each([
    ['29.99', 29.99],
    ['$5,995', 5995],
    ['1,250.50', 1250.5],
    ['0', 0],
    ['12.340', 12.34],
    ['.5', 0.5],
  ])('reads %j as %d', (text, value) => expect(readPrice(text)).toEqual({ value }));

  it.each([
    ['1e9', 'Enter the price in digits, like 1,250.00'],
    ['12,34', 'Enter the price in digits, like 1,250.00'],
    ['', 'Enter the price in digits, like 1,250.00'],
    ['-10', 'Price must be at least 0'],
    ['12.345', 'Use at most 2 decimals (cents)'],
    ['10,000,000.01', 'Price must be at most 10,000,000'],
  ])('refuses %j: %s', (text, error) => expect(readPrice(text)).toEqual({ error }));
});

it('shows stored numbers with thousands grouped and at most 2 decimals', () => {
  expect(formatNumberEntry(5995)).toBe('5,995');
  expect(formatNumberEntry(29.99)).toBe('29.99');
  expect(formatNumberEntry(1250.5)).toBe('1,250.5');
});
