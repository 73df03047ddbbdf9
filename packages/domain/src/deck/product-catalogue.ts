/** The four products of the fixed catalogue (SPEC.md §3), in catalogue order. */
export const PRODUCT_IDS = ['battery_backup', 'data_logger', 'controller', 'bms'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

export interface Product {
  id: ProductId;
  name: string;
  description: string;
  /** Feature tags shown on the product card and the product slide. */
  features: readonly string[];
  defaultQuantity: number;
  /** Suggested retail price per unit, in US dollars; the rep's starting price. */
  msrp: number;
  /** The price-book price used when the deck carries no pricing of the rep's. */
  basePrice: number;
  whiteGloveShipping: number;
  flatRateShipping: number;
  warrantyYears: number;
}

/** SPEC.md §9's price book, one row per product. */
export const PRODUCTS: Readonly<Record<ProductId, Product>> = {
  battery_backup: {
    id: 'battery_backup',
    name: 'Battery Backup',
    description:
      'Lithium iron phosphate backup that keeps refrigeration and monitoring running through outages.',
    features: ['10 kWh LiFePO4', 'Seamless switchover', 'Remote monitoring', 'Wall or rack mount'],
    defaultQuantity: 1,
    msrp: 5995,
    basePrice: 5995,
    whiteGloveShipping: 250,
    flatRateShipping: 150,
    warrantyYears: 7,
  },
  data_logger: {
    id: 'data_logger',
    name: 'Data Logger',
    description:
      'Wireless temperature and humidity logger that records every reading for audits and alerts.',
    features: ['±0.3 °C accuracy', '2-year battery', 'Cellular & Wi-Fi', 'Audit-ready reports'],
    defaultQuantity: 100,
    msrp: 29.99,
    basePrice: 895,
    whiteGloveShipping: 50,
    flatRateShipping: 25,
    warrantyYears: 5,
  },
  controller: {
    id: 'controller',
    name: 'Controller',
    description:
      'Site controller that ties loggers, refrigeration and batteries together with local automation.',
    features: ['Edge automation', 'Modbus & BACnet', 'Offline buffering', 'Secure remote access'],
    defaultQuantity: 1,
    msrp: 199,
    basePrice: 1295,
    whiteGloveShipping: 75,
    flatRateShipping: 35,
    warrantyYears: 3,
  },
  bms: {
    id: 'bms',
    name: 'Battery Management System',
    description:
      'Cell-level battery management that balances, protects and reports on every battery pack.',
    features: [
      'Cell balancing',
      'Thermal protection',
      'State-of-health reports',
      'Fleet dashboard',
    ],
    defaultQuantity: 1,
    msrp: 200,
    basePrice: 2495,
    whiteGloveShipping: 125,
    flatRateShipping: 75,
    warrantyYears: 5,
  },
};

/** Above this quantity the order ships flat-rate drop ship; at or below it, white-glove. */
export const FLAT_RATE_SHIPPING_ABOVE_QUANTITY = 10;

export function getProduct(id: ProductId): Product {
  return PRODUCTS[id];
}
