import type { PriceBook, Product } from './price-book.ts';

const monitoringIncluded = {
  monthsIncluded: 'Unlimited',
  annualMonitoring: 'Included',
  maintenance: 'Monitoring and software updates included',
} as const;

/**
 * SPEC.md §9's price book, as the portal seeds it on its first start, with the two things a
 * quote also needs: installation, priced as a service, and the battery's monitoring after its
 * included months, as a yearly subscription. Only the battery products (the Battery Backup
 * and its management system) are eligible for the investment tax credit, as the product
 * slides say; admins change that per product. Only the server (to seed the database) and the
 * deck engine (its default for tests and tools) import this file.
 */
export const SEED_PRICE_BOOK: PriceBook = {
  products: [
    {
      id: 'battery_backup',
      sku: 'BB-10',
      name: 'Battery Backup',
      description:
        'Lithium iron phosphate backup that keeps refrigeration and monitoring running through outages.',
      features: [
        '10 kWh LiFePO4',
        'Seamless switchover',
        'Remote monitoring',
        'Wall or rack mount',
      ],
      defaultQuantity: 1,
      msrp: 5995,
      basePrice: 5995,
      whiteGloveShipping: 250,
      flatRateShipping: 150,
      prices: {
        EUR: { msrp: 5495, basePrice: 5495, whiteGloveShipping: 230, flatRateShipping: 140 },
      },
      flatRateAboveQuantity: 10,
      warrantyYears: 7,
      creditEligible: true,
      monthsIncluded: '24',
      annualMonitoring: '{{product.battery_monitoring.price}}',
      maintenance:
        'Battery monitoring: 24 months included, then {{product.battery_monitoring.price}} per year',
      picture: 'seed:battery-bms.png',
      active: true,
    },
    {
      id: 'data_logger',
      sku: 'DL-200',
      name: 'Data Logger',
      description:
        'Wireless temperature and humidity logger that records every reading for audits and alerts.',
      features: ['±0.3 °C accuracy', '2-year battery', 'Cellular & Wi-Fi', 'Audit-ready reports'],
      defaultQuantity: 100,
      msrp: 29.99,
      basePrice: 895,
      whiteGloveShipping: 50,
      flatRateShipping: 25,
      prices: { EUR: { msrp: 27.5, basePrice: 825, whiteGloveShipping: 45, flatRateShipping: 25 } },
      flatRateAboveQuantity: 10,
      warrantyYears: 5,
      creditEligible: false,
      ...monitoringIncluded,
      picture: 'seed:data-logger.png',
      active: true,
    },
    {
      id: 'controller',
      sku: 'SC-1',
      name: 'Controller',
      description:
        'Site controller that ties loggers, refrigeration and batteries together with local automation.',
      features: ['Edge automation', 'Modbus & BACnet', 'Offline buffering', 'Secure remote access'],
      defaultQuantity: 1,
      msrp: 199,
      basePrice: 1295,
      whiteGloveShipping: 75,
      flatRateShipping: 35,
      prices: { EUR: { msrp: 185, basePrice: 1195, whiteGloveShipping: 70, flatRateShipping: 35 } },
      flatRateAboveQuantity: 10,
      warrantyYears: 3,
      creditEligible: false,
      ...monitoringIncluded,
      picture: 'seed:controller.png',
      active: true,
    },
    {
      id: 'bms',
      sku: 'BMS-4',
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
      prices: {
        EUR: { msrp: 185, basePrice: 2295, whiteGloveShipping: 115, flatRateShipping: 70 },
      },
      flatRateAboveQuantity: 10,
      warrantyYears: 5,
      creditEligible: true,
      ...monitoringIncluded,
      picture: 'seed:battery-bms.png',
      active: true,
    },
    {
      id: 'installation',
      sku: 'SVC-INST',
      name: 'Installation and commissioning',
      kind: 'service',
      description:
        'On-site installation, wiring and commissioning of every device by certified technicians, with staff training at hand-over.',
      features: ['Certified technicians', 'Commissioning report', 'Staff training'],
      defaultQuantity: 1,
      msrp: 1500,
      basePrice: 1500,
      whiteGloveShipping: 0,
      flatRateShipping: 0,
      prices: { EUR: { msrp: 1390, basePrice: 1390, whiteGloveShipping: 0, flatRateShipping: 0 } },
      flatRateAboveQuantity: 10,
      warrantyYears: 1,
      creditEligible: false,
      monthsIncluded: '—',
      annualMonitoring: '—',
      maintenance: 'Workmanship guaranteed for one year after commissioning',
      active: true,
    },
    {
      id: 'battery_monitoring',
      sku: 'MON-BB',
      name: 'Battery monitoring',
      kind: 'subscription',
      description:
        'Remote monitoring of each Battery Backup once the 24 months included with it end: alerts, health reports and firmware updates.',
      features: ['Around-the-clock alerts', 'Monthly health report', 'Firmware updates'],
      defaultQuantity: 1,
      msrp: 75,
      basePrice: 75,
      whiteGloveShipping: 0,
      flatRateShipping: 0,
      prices: { EUR: { msrp: 69, basePrice: 69, whiteGloveShipping: 0, flatRateShipping: 0 } },
      flatRateAboveQuantity: 10,
      warrantyYears: 0,
      creditEligible: false,
      monthsIncluded: '24',
      annualMonitoring: '{{product.battery_monitoring.price}}',
      maintenance: 'Billed every year for each battery, from the end of the 24 months included',
      active: true,
    },
  ] satisfies Product[],
};
