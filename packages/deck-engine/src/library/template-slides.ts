import { endSentence, PRODUCTS, type ProductId } from '@deck-portal/domain/pricing';
import type { DeckPresenter } from '@deck-portal/domain';
import type { Hex, SlideElement } from '../layout/model.ts';
import { categoryColor, type CategoryId } from './categories.ts';
import { interpretTemplate } from './interpret-template.ts';
import { seedParts, seedSlides } from './template-seed.ts';
import {
  bullets,
  card,
  chrome,
  CONTENT_TOP,
  CONTENT_WIDTH,
  ellipse,
  MARGIN_X,
  rect,
  stat,
  stepMarker,
  table,
  text,
  wordmark,
  type SlideContext,
} from './slide-kit.ts';

export interface ComposedSlide {
  background: Hex;
  elements: SlideElement[];
}

export interface TemplateSlideDefinition {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  compose(ctx: SlideContext): ComposedSlide;
}

const white = (elements: SlideElement[]): ComposedSlide => ({ background: 'FFFFFF', elements });

function dark(ctx: SlideContext, elements: SlideElement[]): ComposedSlide {
  return { background: ctx.brand.colors.primary, elements };
}

/** Soft frost circles that decorate the dark slides. */
function frostDecor(ctx: SlideContext): SlideElement[] {
  const c = ctx.brand.colors;
  return [
    ellipse({ x: 610, y: -150, w: 520, h: 520 }, c.accent, { fillOpacity: 0.14 }),
    ellipse({ x: 720, y: 250, w: 360, h: 360 }, c.accent, { fillOpacity: 0.1 }),
    ellipse({ x: 700, y: 392, w: 110, h: 110 }, c.primary, {
      stroke: { color: c.highlight, width: 2 },
      fillOpacity: 0,
    }),
  ];
}

/** Product slide body shared by the three product slides. */
function productSlide(
  ctx: SlideContext,
  productIds: ProductId[],
  title: string,
  subtitle: string,
  lead: string,
  columns: Array<{ heading: string; items: string[] }>,
  facts: Array<[string, string]>,
): ComposedSlide {
  const c = ctx.brand.colors;
  const color = categoryColor('products');
  const elements: SlideElement[] = [...chrome(ctx, 'products', title, subtitle)];
  elements.push(
    text({
      x: MARGIN_X,
      y: CONTENT_TOP + 4,
      w: 520,
      h: 70,
      text: lead,
      size: 14,
      minSize: 10,
      lineHeight: 1.4,
      color: c.ink,
    }),
  );
  const colW = 250;
  columns.forEach((column, i) => {
    const x = MARGIN_X + i * (colW + 20);
    elements.push(rect({ x, y: 214, w: colW, h: 3 }, i === 0 ? color : c.rule));
    elements.push(
      text({
        x,
        y: 226,
        w: colW,
        h: 20,
        text: column.heading,
        weight: 'semibold',
        size: 13,
        color: c.ink,
      }),
    );
    elements.push(bullets(ctx, { x, y: 254, w: colW, h: 136 }, column.items, 11));
  });
  // The catalogue's feature tags, as chips along the bottom.
  const tags = productIds.flatMap((id) => PRODUCTS[id].features);
  elements.push(rect({ x: MARGIN_X, y: 404, w: 560, h: 86 }, c.panel, { radius: 10 }));
  elements.push(
    text({
      x: MARGIN_X + 18,
      y: 414,
      w: 300,
      h: 14,
      text: 'HIGHLIGHTS',
      weight: 'semibold',
      size: 8.5,
      color,
    }),
  );
  let chipX = MARGIN_X + 18;
  let chipY = 434;
  for (const tag of tags) {
    const label = text({
      x: 0,
      y: 0,
      w: 240,
      h: 14,
      text: tag,
      weight: 'medium',
      size: 9.5,
      maxLines: 1,
      color: c.ink,
    });
    const width = Math.min(240, (label.kind === 'text' ? (label.lines[0]?.width ?? 60) : 60) + 20);
    if (chipX + width > MARGIN_X + 542) {
      chipX = MARGIN_X + 18;
      chipY += 26;
    }
    if (chipY > 464) break;
    elements.push(
      rect({ x: chipX, y: chipY, w: width, h: 20 }, 'FFFFFF', {
        radius: 10,
        stroke: { color: c.rule, width: 0.75 },
      }),
    );
    elements.push(
      text({
        x: chipX,
        y: chipY,
        w: width,
        h: 20,
        text: tag,
        weight: 'medium',
        size: 9.5,
        maxLines: 1,
        color: c.ink,
        align: 'center',
        valign: 'middle',
      }),
    );
    chipX += width + 8;
  }
  // Key facts panel.
  const px = 640;
  elements.push(rect({ x: px, y: CONTENT_TOP, w: 272, h: 366 }, c.primary, { radius: 10 }));
  elements.push(
    text({
      x: px + 22,
      y: CONTENT_TOP + 20,
      w: 228,
      h: 16,
      text: 'KEY FACTS',
      weight: 'semibold',
      size: 9,
      color: c.accent,
    }),
  );
  facts.forEach(([value, label], i) => {
    const y = CONTENT_TOP + 48 + i * 76;
    elements.push(...stat(ctx, { x: px + 22, y, w: 228, h: 70 }, value, label, 'FFFFFF', true));
  });
  return white(elements);
}

/**
 * The rep who sends the deck, in two lines: "{lead}Name, Job title" and "e-mail · phone".
 * Nothing when the deck has no presenter (the brand's own contact block stands instead).
 */
function presenterLines(presenter: DeckPresenter | undefined, lead: string): string[] {
  if (!presenter) return [];
  const who = presenter.jobTitle ? `${presenter.name}, ${presenter.jobTitle}` : presenter.name;
  const reach = [presenter.email, presenter.phone].filter(Boolean).join(' · ');
  return [`${lead}${who}`, reach];
}

/**
 * A template slide that is a document of the template format already (`seed/template-slides.json`),
 * drawn by the interpreter; the others below are still code until the format can say what they do.
 */
function documentSlide(id: string): TemplateSlideDefinition {
  const document = seedSlides().find((slide) => slide.id === id);
  if (!document) throw new Error(`seed/template-slides.json has no slide "${id}"`);
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    category: document.category as CategoryId,
    compose: (ctx) => interpretTemplate(document, ctx, { parts: seedParts() }),
  };
}

export const TEMPLATE_SLIDES: readonly TemplateSlideDefinition[] = [
  {
    id: 'title',
    title: 'Title',
    description: 'Cover slide with the client name, deck title, date and primary contact.',
    category: 'intro',
    compose(ctx) {
      const c = ctx.brand.colors;
      const details: string[] = [ctx.dateText];
      if (ctx.contact) details.push(`Attention: ${ctx.contact}`);
      details.push(...presenterLines(ctx.presenter, 'Presented by '));
      return dark(ctx, [
        ...frostDecor(ctx),
        ...wordmark(ctx.brand, MARGIN_X, 44, 26, true),
        rect({ x: MARGIN_X, y: 160, w: 40, h: 4 }, c.highlight),
        text({
          name: 'headline',
          x: MARGIN_X,
          y: 176,
          w: 600,
          h: 24,
          text: ctx.headline.toUpperCase(),
          weight: 'semibold',
          size: 12,
          minSize: 8,
          maxLines: 1,
          color: c.accent,
          valign: 'middle',
        }),
        text({
          x: MARGIN_X,
          y: 208,
          w: 600,
          h: 22,
          text: 'Prepared for',
          size: 15,
          color: 'C9D4E2',
          valign: 'middle',
        }),
        text({
          name: 'client-name',
          x: MARGIN_X,
          y: 234,
          w: 600,
          h: 150,
          text: ctx.clientName,
          weight: 'bold',
          size: 46,
          minSize: 14,
          lineHeight: 1.08,
          color: 'FFFFFF',
          valign: 'top',
        }),
        {
          kind: 'line',
          x1: MARGIN_X,
          y1: 410,
          x2: MARGIN_X + 600,
          y2: 410,
          color: '2A4466',
          width: 1,
        },
        text({
          name: 'title-details',
          x: MARGIN_X,
          y: 420,
          w: 600,
          h: details.length > 2 ? 66 : 44,
          text: details,
          size: details.length > 2 ? 11 : 12,
          minSize: 7,
          lineHeight: details.length > 2 ? 1.35 : 1.45,
          color: 'E4EBF3',
        }),
        text({
          x: MARGIN_X,
          y: 492,
          w: 520,
          h: 16,
          text: ctx.brand.tagline,
          size: 9,
          minSize: 7,
          maxLines: 1,
          color: '8FA3BC',
        }),
      ]);
    },
  },
  {
    id: 'agenda',
    title: 'Agenda',
    description: 'The conversation in order, listing the sections this deck contains.',
    category: 'intro',
    compose(ctx) {
      const c = ctx.brand.colors;
      const sections =
        ctx.sections.length > 0 ? ctx.sections : ['Company', 'Products', 'Next steps'];
      const elements: SlideElement[] = [...chrome(ctx, 'intro', 'Agenda')];
      elements.push(
        text({
          x: MARGIN_X,
          y: CONTENT_TOP + 6,
          w: 280,
          h: 120,
          text: `What we will cover with ${ctx.clientName} today.`,
          weight: 'medium',
          size: 20,
          minSize: 11,
          lineHeight: 1.3,
          color: c.ink,
        }),
      );
      const rowH = Math.min(52, 360 / sections.length);
      sections.forEach((section, i) => {
        const y = CONTENT_TOP + i * rowH;
        elements.push(
          text({
            x: 400,
            y,
            w: 60,
            h: rowH - 8,
            text: String(i + 1).padStart(2, '0'),
            weight: 'bold',
            size: 22,
            minSize: 10,
            color: c.accent,
            valign: 'middle',
          }),
          text({
            x: 470,
            y,
            w: 440,
            h: rowH - 8,
            text: section,
            weight: 'semibold',
            size: 17,
            minSize: 10,
            maxLines: 1,
            color: c.ink,
            valign: 'middle',
          }),
          {
            kind: 'line',
            x1: 400,
            y1: y + rowH - 4,
            x2: 912,
            y2: y + rowH - 4,
            color: c.rule,
            width: 0.75,
          },
        );
      });
      return white(elements);
    },
  },
  documentSlide('confidentiality'),
  {
    id: 'about-us',
    title: 'About Frostline',
    description: 'Who we are: mission, founding story and the three promises we make to customers.',
    category: 'company',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('company');
      const elements: SlideElement[] = [...chrome(ctx, 'company', `About ${ctx.brand.name}`)];
      elements.push(
        text({
          x: MARGIN_X,
          y: CONTENT_TOP,
          w: 400,
          h: 150,
          text: 'We keep food, medicine and vaccines at the right temperature, and the power on when the grid fails.',
          weight: 'semibold',
          size: 20,
          minSize: 12,
          lineHeight: 1.3,
          color: c.ink,
        }),
        text({
          x: MARGIN_X,
          y: CONTENT_TOP + 160,
          w: 400,
          h: 200,
          text: [
            `Founded in 2014 by refrigeration engineers and battery chemists, ${ctx.brand.name} protects more than 38,000 cold rooms, trucks and pharmacy fridges across North America.`,
            'One platform watches every degree, and one battery system keeps compressors and sensors alive through outages.',
          ],
          size: 12,
          minSize: 9,
          lineHeight: 1.5,
          paragraphGap: 0.6,
          color: c.muted,
        }),
      );
      const promises = [
        [
          'Nothing spoils unseen',
          'Readings every minute, alerts in under 60 seconds, audit trails kept for seven years.',
        ],
        [
          'Power that never blinks',
          'LiFePO4 backup switches over in under 20 ms, before a compressor notices.',
        ],
        [
          'One accountable partner',
          'We install, monitor and service everything we sell, with a 4-hour response promise.',
        ],
      ];
      promises.forEach(([title, body], i) => {
        elements.push(
          ...card(
            ctx,
            { x: 490, y: CONTENT_TOP + i * 122, w: 422, h: 110 },
            {
              title: title ?? '',
              body: body ?? '',
              color,
            },
          ),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'by-the-numbers',
    title: 'Frostline by the numbers',
    description: 'Scale and track record in six headline figures.',
    category: 'company',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('company');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'company',
          `${ctx.brand.name} by the numbers`,
          'A decade of protecting temperature-sensitive goods',
        ),
      ];
      const figures: Array<[string, string]> = [
        ['38,000+', 'cold rooms, vehicles and fridges monitored today'],
        ['1.2 billion', 'temperature readings recorded every month'],
        ['99.98%', 'platform availability over the last 24 months'],
        ['410 MWh', 'of battery storage installed at customer sites'],
        ['< 60 s', 'from a temperature excursion to the first alert'],
        ['4 hours', 'on-site response promise in metro areas'],
      ];
      figures.forEach(([value, label], i) => {
        const col = i % 3;
        const row = Math.floor(i / 3);
        const x = MARGIN_X + col * 296;
        const y = CONTENT_TOP + 10 + row * 180;
        elements.push(rect({ x, y, w: 3, h: 140 }, row === 0 ? color : c.accent));
        elements.push(
          ...stat(ctx, { x: x + 20, y: y + 10, w: 250, h: 120 }, value, label, c.primary),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'market-challenge',
    title: 'The cold-chain challenge',
    description: 'Why temperature excursions and power outages cost the industry billions.',
    category: 'market',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('market');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'market',
          'The cold-chain challenge',
          'Every unseen degree and every outage has a price',
        ),
      ];
      const stats: Array<[string, string]> = [
        ['$35B', 'of food and pharmaceuticals lost each year to cold-chain failures worldwide'],
        ['25%', 'of vaccines reach their destination degraded by temperature exposure'],
        ['8 hours', 'average duration of a major grid outage in the US in 2025'],
      ];
      stats.forEach(([value, label], i) => {
        const x = MARGIN_X + i * 296;
        elements.push(rect({ x, y: CONTENT_TOP, w: 276, h: 150 }, c.panel, { radius: 10 }));
        elements.push(
          ...stat(ctx, { x: x + 22, y: CONTENT_TOP + 14, w: 232, h: 124 }, value, label, color),
        );
      });
      elements.push(
        text({
          x: MARGIN_X,
          y: 304,
          w: CONTENT_WIDTH,
          h: 24,
          text: 'What this means for operators',
          weight: 'semibold',
          size: 14,
          color: c.ink,
        }),
        bullets(
          ctx,
          { x: MARGIN_X, y: 338, w: 420, h: 140 },
          [
            'Manual checks miss excursions between rounds and at night.',
            'Paper logs fail audits and slow down insurance claims.',
          ],
          12,
        ),
        bullets(
          ctx,
          { x: 492, y: 338, w: 420, h: 140 },
          [
            'Generators take minutes to start; compressors and sensors drop out first.',
            'Regulators (FDA FSMA, EU GDP) expect continuous, tamper-proof records.',
          ],
          12,
        ),
      );
      return white(elements);
    },
  },
  {
    id: 'product-data-logger',
    title: 'Data Logger',
    description: `Product slide: ${PRODUCTS.data_logger.name}, wireless temperature and humidity logging.`,
    category: 'products',
    compose(ctx) {
      return productSlide(
        ctx,
        ['data_logger'],
        `${ctx.brand.name} Data Logger`,
        'Wireless temperature and humidity logging for every cold space',
        'A palm-sized logger that records every minute and raises the alarm before goods are at risk.',
        [
          {
            heading: 'Measures',
            items: [
              '±0.3 °C temperature accuracy',
              'Humidity and door-open events',
              'Probe option for −80 °C freezers',
            ],
          },
          {
            heading: 'Connects',
            items: [
              'Cellular LTE-M and Wi-Fi',
              '30 days of on-board buffer',
              'Two-year replaceable battery',
            ],
          },
        ],
        [
          ['1 min', 'logging interval, 365 days a year'],
          ['2 years', 'battery life on a single cell'],
          ['21 CFR 11', 'compliant, audit-ready reports'],
          ['5 years', 'warranty on every logger'],
        ],
      );
    },
  },
  {
    id: 'product-battery-bms',
    title: 'Battery Backup & BMS',
    description: `Product slide: ${PRODUCTS.battery_backup.name} with the ${PRODUCTS.bms.name}.`,
    category: 'products',
    compose(ctx) {
      return productSlide(
        ctx,
        ['battery_backup', 'bms'],
        'Battery Backup & BMS',
        'Lithium iron phosphate storage with cell-level management',
        'Keeps compressors, controllers and loggers running through outages, and tells you the health of every cell.',
        [
          {
            heading: 'Battery Backup',
            items: [
              '10 kWh LiFePO4 per module',
              'Switch-over in under 20 ms',
              'Stack up to 8 modules',
            ],
          },
          {
            heading: 'Battery Management',
            items: [
              'Active cell balancing',
              'Thermal runaway protection',
              'State-of-health reporting',
            ],
          },
        ],
        [
          ['< 20 ms', 'seamless switch-over to battery'],
          ['6,000', 'charge cycles at 80% depth'],
          ['7 years', 'warranty on battery modules'],
          ['30%', 'investment tax credit eligible'],
        ],
      );
    },
  },
  {
    id: 'product-controller',
    title: 'Site Controller',
    description: `Product slide: the ${PRODUCTS.controller.name} that ties loggers, refrigeration and batteries together.`,
    category: 'products',
    compose(ctx) {
      return productSlide(
        ctx,
        ['controller'],
        `${ctx.brand.name} Site Controller`,
        'Local automation that keeps working when the internet does not',
        'The brain of each site: it reads every sensor, drives defrost and load shedding, and syncs to the cloud.',
        [
          {
            heading: 'Automates',
            items: [
              'Defrost and compressor staging',
              'Load shedding during outages',
              'Alarm escalation on site',
            ],
          },
          {
            heading: 'Integrates',
            items: [
              'Modbus, BACnet and MQTT',
              'Offline buffering for 90 days',
              'Zero-trust remote access',
            ],
          },
        ],
        [
          ['200', 'sensors and devices per controller'],
          ['90 days', 'of offline data buffering'],
          ['12%', 'typical refrigeration energy saving'],
          ['3 years', 'warranty, extendable to 5'],
        ],
      );
    },
  },
  {
    id: 'solution-architecture',
    title: 'How it fits together',
    description: 'Architecture: loggers, controller, battery and cloud platform in one system.',
    category: 'strategy',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('strategy');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'strategy',
          'How it fits together',
          'One system from the sensor to the board report',
        ),
      ];
      const boxes: Array<[string, string, Hex]> = [
        ['Sense', 'Data Loggers in every fridge, freezer, truck and room', c.accent],
        ['Control', 'Site Controller automates defrost, alarms and load shedding', color],
        ['Protect', 'Battery Backup with BMS keeps everything powered', categoryColor('products')],
        [
          'Report',
          `${ctx.brand.name} Cloud: dashboards, alerts and audit reports`,
          categoryColor('company'),
        ],
      ];
      boxes.forEach(([title, body, tone], i) => {
        const x = MARGIN_X + i * 222;
        elements.push(
          ...card(
            ctx,
            { x, y: CONTENT_TOP + 20, w: 198, h: 200 },
            { title, body, color: tone, badge: String(i + 1) },
          ),
        );
        if (i < boxes.length - 1) {
          elements.push({
            kind: 'line',
            x1: x + 202,
            y1: CONTENT_TOP + 120,
            x2: x + 218,
            y2: CONTENT_TOP + 120,
            color: c.muted,
            width: 1.5,
          });
          elements.push(ellipse({ x: x + 215, y: CONTENT_TOP + 117, w: 6, h: 6 }, c.muted));
        }
      });
      elements.push(
        rect({ x: MARGIN_X, y: 380, w: CONTENT_WIDTH, h: 96 }, c.primary, { radius: 10 }),
        text({
          x: MARGIN_X + 28,
          y: 396,
          w: CONTENT_WIDTH - 56,
          h: 64,
          text: 'Open by design: every reading is yours, exportable by API or CSV, and every device keeps working locally if the connection drops.',
          weight: 'medium',
          size: 15,
          minSize: 10,
          lineHeight: 1.4,
          color: 'FFFFFF',
          valign: 'middle',
        }),
      );
      return white(elements);
    },
  },
  {
    id: 'deployment-plan',
    title: 'Deployment in four phases',
    description: 'Timeline from site survey to go-live, typically eight weeks.',
    category: 'strategy',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('strategy');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'strategy',
          'Deployment in four phases',
          'From site survey to go-live in about eight weeks',
        ),
      ];
      const phases: Array<[string, string, string]> = [
        [
          'Weeks 1–2',
          'Site survey',
          'Walk-through of every cold space, power audit and network check.',
        ],
        [
          'Weeks 3–4',
          'Design & order',
          'Sensor map, battery sizing and a fixed-price installation plan.',
        ],
        [
          'Weeks 5–7',
          'Install',
          'Certified technicians install and commission outside trading hours.',
        ],
        ['Week 8', 'Go-live', 'Alarm rules tuned with your team; training for every shift lead.'],
      ];
      elements.push({
        kind: 'line',
        x1: MARGIN_X + 15,
        y1: CONTENT_TOP + 55,
        x2: 897,
        y2: CONTENT_TOP + 55,
        color: c.rule,
        width: 2,
      });
      phases.forEach(([when, title, body], i) => {
        const x = MARGIN_X + i * 222;
        elements.push(
          ...stepMarker(x, CONTENT_TOP + 40, String(i + 1), i === 3 ? c.accent : color),
        );
        elements.push(
          text({
            x,
            y: CONTENT_TOP + 86,
            w: 200,
            h: 16,
            text: when.toUpperCase(),
            weight: 'semibold',
            size: 9,
            color,
          }),
          text({
            x,
            y: CONTENT_TOP + 106,
            w: 200,
            h: 26,
            text: title,
            weight: 'bold',
            size: 17,
            minSize: 12,
            maxLines: 1,
            color: c.ink,
          }),
          text({
            x,
            y: CONTENT_TOP + 138,
            w: 196,
            h: 110,
            text: body,
            size: 11,
            minSize: 8,
            lineHeight: 1.45,
            color: c.muted,
          }),
        );
      });
      elements.push(
        rect({ x: MARGIN_X, y: 404, w: CONTENT_WIDTH, h: 72 }, c.panel, { radius: 10 }),
        text({
          x: MARGIN_X + 24,
          y: 414,
          w: CONTENT_WIDTH - 48,
          h: 52,
          text: 'One project manager from survey to sign-off. No trading hours lost: installations run at night or between deliveries.',
          size: 13,
          minSize: 9,
          lineHeight: 1.4,
          color: c.ink,
          valign: 'middle',
        }),
      );
      return white(elements);
    },
  },
  {
    id: 'case-study',
    title: 'Case study: regional grocery chain',
    description: 'How a 42-store grocer cut spoilage by 31% and rode through a three-day outage.',
    category: 'sales',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('sales');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'sales',
          'Case study: Harvest Lane Markets',
          '42 grocery stores across Oregon and Washington',
        ),
      ];
      const blocks: Array<[string, string]> = [
        [
          'Challenge',
          'Night-time freezer failures went unnoticed until morning; a winter storm cut power to 11 stores for up to three days.',
        ],
        [
          'Solution',
          '2,300 Data Loggers, a Site Controller per store and Battery Backup with BMS on every freezer bank.',
        ],
        [
          'Result',
          'Spoilage down 31% in the first year; no product lost during the next storm; audits passed with one-click reports.',
        ],
      ];
      blocks.forEach(([title, body], i) => {
        const y = CONTENT_TOP + i * 120;
        elements.push(
          text({
            x: MARGIN_X,
            y,
            w: 120,
            h: 22,
            text: title.toUpperCase(),
            weight: 'semibold',
            size: 10,
            color,
          }),
          text({
            x: MARGIN_X + 130,
            y: y - 3,
            w: 400,
            h: 100,
            text: body,
            size: 13,
            minSize: 9,
            lineHeight: 1.45,
            color: c.ink,
          }),
        );
        if (i < 2)
          elements.push({
            kind: 'line',
            x1: MARGIN_X,
            y1: y + 106,
            x2: 578,
            y2: y + 106,
            color: c.rule,
            width: 0.75,
          });
      });
      elements.push(rect({ x: 610, y: CONTENT_TOP, w: 302, h: 352 }, c.primary, { radius: 10 }));
      const results: Array<[string, string]> = [
        ['31%', 'less spoilage in year one'],
        ['$1.9M', 'saved in stock and energy per year'],
        ['14 months', 'to full payback'],
      ];
      results.forEach(([value, label], i) => {
        elements.push(
          ...stat(
            ctx,
            { x: 634, y: CONTENT_TOP + 24 + i * 108, w: 256, h: 96 },
            value,
            label,
            i === 0 ? c.highlight : 'FFFFFF',
            true,
          ),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'return-on-investment',
    title: 'Return on investment',
    description: 'Typical savings per site and the payback period, in a table.',
    category: 'sales',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('sales');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'sales',
          'Return on investment',
          'Typical mid-size site: 12 cold spaces, one freezer bank',
        ),
      ];
      elements.push(
        table(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP, w: 560, h: 300 },
          {
            name: 'roi-table',
            columns: [2.4, 1.2, 1.2],
            header: ['Annual saving', 'Before', `With ${ctx.brand.name}`],
            rows: [
              ['Spoiled stock', '$48,000', '$33,100'],
              ['Energy for refrigeration', '$61,500', '$54,100'],
              ['Manual temperature checks', '$22,800', '$2,400'],
              ['Outage losses (expected)', '$17,000', '$0'],
              ['Total cost per year', '$149,300', '$89,600'],
            ],
            align: ['left', 'right', 'right'],
            headerFill: c.primary,
            stripe: 'F7F9FC',
            emphasisRow: 4,
            emphasisFill: 'FCEDE9',
          },
        ),
      );
      elements.push(rect({ x: 640, y: CONTENT_TOP, w: 272, h: 300 }, c.panel, { radius: 10 }));
      elements.push(
        ...stat(
          ctx,
          { x: 664, y: CONTENT_TOP + 24, w: 228, h: 110 },
          '$59,700',
          'saved per site, every year',
          color,
        ),
      );
      elements.push(
        ...stat(
          ctx,
          { x: 664, y: CONTENT_TOP + 150, w: 228, h: 110 },
          '16 months',
          'typical payback, before the 30% tax credit',
          c.primary,
        ),
      );
      elements.push(
        text({
          x: MARGIN_X,
          y: 444,
          w: CONTENT_WIDTH,
          h: 36,
          text: 'Figures from 27 comparable customer sites, 2023–2025. Your own estimate follows the site survey.',
          size: 9.5,
          minSize: 7,
          color: c.muted,
        }),
      );
      return white(elements);
    },
  },
  {
    id: 'next-steps',
    title: 'Next steps',
    description: 'Three concrete steps from this meeting to an installed system.',
    category: 'closing',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('closing');
      const elements: SlideElement[] = [...chrome(ctx, 'closing', 'Next steps')];
      const steps: Array<[string, string]> = [
        [
          'Confirm scope',
          `Agree the sites, products and quantities with ${ctx.contact || 'your team'}.`,
        ],
        ['Site survey', 'Our engineer visits within two weeks and confirms the fixed price.'],
        ['Sign & schedule', 'Sign the order; we schedule installation around your trading hours.'],
      ];
      steps.forEach(([title, body], i) => {
        elements.push(
          ...card(
            ctx,
            { x: MARGIN_X + i * 296, y: CONTENT_TOP + 10, w: 276, h: 170 },
            {
              title,
              body,
              color: i === 0 ? c.accent : color,
              badge: String(i + 1),
            },
          ),
        );
      });
      elements.push(
        text({
          x: MARGIN_X,
          y: 330,
          w: CONTENT_WIDTH,
          h: 60,
          text: 'Quotes are valid for 60 days. Installation slots for next quarter are allocated in order of signature.',
          size: 13,
          minSize: 9,
          lineHeight: 1.4,
          color: c.muted,
        }),
      );
      return white(elements);
    },
  },
  {
    id: 'thank-you',
    title: 'Thank you',
    description: 'Closing slide with contact details.',
    category: 'closing',
    compose(ctx) {
      const c = ctx.brand.colors;
      return dark(ctx, [
        ...frostDecor(ctx),
        ...wordmark(ctx.brand, MARGIN_X, 44, 26, true),
        text({
          x: MARGIN_X,
          y: 170,
          w: 560,
          h: 70,
          text: 'Thank you',
          weight: 'bold',
          size: 54,
          color: 'FFFFFF',
        }),
        text({
          x: MARGIN_X,
          y: 246,
          w: 540,
          h: 60,
          text: endSentence(`We look forward to protecting the cold chain at ${ctx.clientName}`),
          size: 17,
          minSize: 10,
          lineHeight: 1.35,
          color: 'C9D4E2',
        }),
        rect({ x: MARGIN_X, y: 330, w: 40, h: 4 }, c.highlight),
        text({
          x: MARGIN_X,
          y: 346,
          w: 540,
          h: 100,
          name: 'contact',
          text: ctx.presenter
            ? [...presenterLines(ctx.presenter, ''), ctx.brand.website]
            : [ctx.brand.email, ctx.brand.phone, ctx.brand.website],
          minSize: 9,
          weight: 'medium',
          size: 14,
          lineHeight: 1.6,
          color: 'FFFFFF',
        }),
        text({
          x: MARGIN_X,
          y: 492,
          w: 540,
          h: 16,
          text: ctx.brand.address,
          size: 9,
          color: '8FA3BC',
        }),
      ]);
    },
  },
  {
    id: 'leadership',
    title: 'Leadership team',
    description: 'The people accountable for your project.',
    category: 'company',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('company');
      const people: Array<[string, string, string, string]> = [
        [
          'MO',
          'Maya Okafor',
          'Chief Executive Officer',
          'Former VP Operations at a national pharmacy chain.',
        ],
        [
          'LB',
          'Lars Brekke',
          'Chief Technology Officer',
          'Battery systems engineer; 14 patents in cell management.',
        ],
        [
          'PS',
          'Priya Shah',
          'VP Customer Success',
          'Runs the 24/7 monitoring centre and field service teams.',
        ],
        [
          'DC',
          'Diego Castillo',
          'VP Sales',
          'Two decades in commercial refrigeration and food retail.',
        ],
      ];
      const elements: SlideElement[] = [
        ...chrome(ctx, 'company', 'Leadership team', 'The people accountable for your project'),
      ];
      people.forEach(([initials, name, role, bio], i) => {
        const x = MARGIN_X + i * 222;
        elements.push(
          ellipse({ x, y: CONTENT_TOP + 10, w: 84, h: 84 }, i % 2 === 0 ? color : c.accent),
          text({
            x,
            y: CONTENT_TOP + 10,
            w: 84,
            h: 84,
            text: initials,
            weight: 'bold',
            size: 26,
            color: 'FFFFFF',
            align: 'center',
            valign: 'middle',
          }),
          text({
            x,
            y: CONTENT_TOP + 112,
            w: 200,
            h: 24,
            text: name,
            weight: 'bold',
            size: 16,
            minSize: 11,
            maxLines: 1,
            color: c.ink,
          }),
          text({
            x,
            y: CONTENT_TOP + 138,
            w: 200,
            h: 18,
            text: role,
            weight: 'medium',
            size: 11,
            color,
          }),
          text({
            x,
            y: CONTENT_TOP + 166,
            w: 196,
            h: 120,
            text: bio,
            size: 11,
            minSize: 8,
            lineHeight: 1.45,
            color: c.muted,
          }),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'certifications',
    title: 'Compliance & certifications',
    description: 'Standards our hardware and monitoring platform are certified against.',
    category: 'company',
    compose(ctx) {
      const c = ctx.brand.colors;
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'company',
          'Compliance & certifications',
          'Built for audited, regulated environments',
        ),
      ];
      elements.push(
        table(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP, w: CONTENT_WIDTH, h: 330 },
          {
            name: 'certifications-table',
            columns: [1.4, 3],
            header: ['Standard', 'What it covers'],
            rows: [
              [
                'UL 9540 / UL 1973',
                'Safety of battery energy storage systems and stationary batteries',
              ],
              [
                '21 CFR Part 11',
                'Electronic records and signatures for FDA-regulated temperature data',
              ],
              ['EU GDP 2013/C 343/01', 'Good distribution practice for medicinal products'],
              ['ISO 27001', `Information security management of the ${ctx.brand.name} Cloud`],
              ['FCC Part 15 / IC', 'Radio emissions of loggers and controllers'],
              ['HACCP ready', 'Critical-control-point logging and corrective-action records'],
            ],
            headerFill: c.primary,
            stripe: 'F7F9FC',
            firstColumnWeight: 'semibold',
          },
        ),
      );
      return white(elements);
    },
  },
  {
    id: 'market-trends',
    title: 'Market trends 2026',
    description: 'Regulation, electrification and grid instability reshaping the cold chain.',
    category: 'market',
    compose(ctx) {
      const color = categoryColor('market');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'market',
          'Market trends 2026',
          'Three shifts every cold-chain operator is planning for',
        ),
      ];
      const trends: Array<[string, string]> = [
        [
          'Stricter traceability',
          'FSMA 204 requires end-to-end temperature records for high-risk foods from January 2026.',
        ],
        [
          'Electrified fleets',
          'Electric refrigerated trucks need smart charging and battery-aware route planning.',
        ],
        [
          'Fragile grids',
          'Weather-related outages have doubled in a decade; backup is moving from optional to insured.',
        ],
      ];
      trends.forEach(([title, body], i) => {
        elements.push(
          ...card(
            ctx,
            { x: MARGIN_X + i * 296, y: CONTENT_TOP + 10, w: 276, h: 330 },
            { title, body, color, badge: String(i + 1) },
          ),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'sustainability',
    title: 'Sustainability impact',
    description: 'Energy, waste and emissions reductions our customers report.',
    category: 'strategy',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('products');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'strategy',
          'Sustainability impact',
          'Less waste, less energy, fewer diesel hours',
        ),
      ];
      const figures: Array<[string, string]> = [
        ['12%', 'less refrigeration energy with controller-led defrost'],
        ['9,400 t', 'of food waste avoided by customers in 2025'],
        ['−85%', 'diesel generator run-time at battery-backed sites'],
      ];
      figures.forEach(([value, label], i) => {
        elements.push(rect({ x: MARGIN_X + i * 296, y: CONTENT_TOP + 10, w: 3, h: 120 }, color));
        elements.push(
          ...stat(
            ctx,
            { x: MARGIN_X + 20 + i * 296, y: CONTENT_TOP + 16, w: 250, h: 110 },
            value,
            label,
            color,
          ),
        );
      });
      elements.push(
        rect({ x: MARGIN_X, y: 310, w: CONTENT_WIDTH, h: 160 }, c.panel, { radius: 10 }),
        bullets(
          ctx,
          { x: MARGIN_X + 24, y: 330, w: CONTENT_WIDTH - 48, h: 124 },
          [
            'LiFePO4 chemistry: no cobalt, no nickel, 95% recyclable through our take-back programme.',
            'Monthly sustainability report per site, ready for ESG and Scope 2 disclosures.',
            'Batteries can shift refrigeration load out of peak-tariff hours.',
          ],
          12.5,
        ),
      );
      return white(elements);
    },
  },
  {
    id: 'testimonials',
    title: 'What customers say',
    description: 'Quotes from a pharmacy network and a food distributor.',
    category: 'sales',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('sales');
      const elements: SlideElement[] = [...chrome(ctx, 'sales', 'What customers say')];
      const quotes: Array<[string, string]> = [
        [
          '“We used to find out about a failed freezer from the smell on Monday morning. Now my phone tells me within a minute, and the battery has usually already covered it.”',
          'Operations Director, Pacific Northwest food distributor',
        ],
        [
          '“Our auditors asked for six months of vaccine fridge records. We sent them a report before the end of the call.”',
          'Head of Pharmacy Compliance, 120-branch pharmacy network',
        ],
      ];
      quotes.forEach(([quote, who], i) => {
        const x = MARGIN_X + i * 444;
        elements.push(
          rect({ x, y: CONTENT_TOP + 10, w: 420, h: 330 }, c.panel, { radius: 10 }),
          text({
            x: x + 26,
            y: CONTENT_TOP + 10,
            w: 80,
            h: 80,
            text: '“',
            weight: 'bold',
            size: 64,
            lineHeight: 1,
            color,
          }),
          text({
            x: x + 26,
            y: CONTENT_TOP + 84,
            w: 368,
            h: 180,
            text: quote,
            weight: 'medium',
            size: 16,
            minSize: 10,
            lineHeight: 1.45,
            color: c.ink,
          }),
          text({
            x: x + 26,
            y: CONTENT_TOP + 284,
            w: 368,
            h: 40,
            text: who,
            size: 10.5,
            minSize: 8,
            lineHeight: 1.35,
            color: c.muted,
          }),
        );
      });
      return white(elements);
    },
  },
  {
    id: 'appendix-specifications',
    title: 'Technical specifications',
    description: 'Appendix: specifications of all four products side by side.',
    category: 'appendix',
    compose(ctx) {
      const c = ctx.brand.colors;
      return white([
        ...chrome(ctx, 'appendix', 'Technical specifications'),
        table(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP - 8, w: CONTENT_WIDTH, h: 350 },
          {
            name: 'specifications-table',
            columns: [1.5, 1.6, 1.6, 1.6, 1.6],
            header: ['', 'Data Logger', 'Battery Backup', 'BMS', 'Site Controller'],
            rows: [
              [
                'Dimensions',
                '86 × 54 × 22 mm',
                '600 × 450 × 180 mm',
                '240 × 160 × 60 mm',
                '220 × 150 × 55 mm',
              ],
              ['Weight', '95 g', '92 kg', '1.8 kg', '1.2 kg'],
              ['Operating range', '−40 to +70 °C', '0 to +45 °C', '−20 to +60 °C', '−20 to +55 °C'],
              [
                'Connectivity',
                'LTE-M, Wi-Fi',
                'via BMS',
                'CAN, Modbus RTU',
                'Ethernet, LTE, Wi-Fi',
              ],
              [
                'Power',
                'Replaceable Li cell',
                '10 kWh, 48 V DC',
                'Powered by pack',
                '24 V DC or PoE',
              ],
              ['Enclosure', 'IP65', 'IP54', 'IP54', 'IP40'],
              [
                'Warranty',
                `${PRODUCTS.data_logger.warrantyYears} years`,
                `${PRODUCTS.battery_backup.warrantyYears} years`,
                `${PRODUCTS.bms.warrantyYears} years`,
                `${PRODUCTS.controller.warrantyYears} years`,
              ],
            ],
            size: 10,
            headerFill: c.primary,
            stripe: 'F7F9FC',
            firstColumnWeight: 'semibold',
          },
        ),
      ]);
    },
  },
  {
    id: 'appendix-warranty',
    title: 'Warranty & service terms',
    description: 'Appendix: warranty periods, response times and what service covers.',
    category: 'appendix',
    compose(ctx) {
      return white([
        ...chrome(ctx, 'appendix', 'Warranty & service terms'),
        bullets(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP, w: 420, h: 350 },
          [
            'Battery Backup: 7 years or 6,000 cycles, whichever comes first; capacity guaranteed at 70%.',
            'Battery Management System and Data Logger: 5 years, parts and labour.',
            'Site Controller: 3 years, extendable to 5 with a service plan.',
          ],
          12,
        ),
        bullets(
          ctx,
          { x: 492, y: CONTENT_TOP, w: 420, h: 350 },
          [
            'Remote monitoring centre staffed 24/7/365.',
            'On-site response within 4 hours in metro areas, next business day elsewhere.',
            'Firmware and platform updates included for the life of the warranty.',
            'Warranty excludes damage from flooding, fire and unauthorised modification.',
          ],
          12,
        ),
      ]);
    },
  },
  {
    id: 'appendix-glossary',
    title: 'Glossary',
    description: 'Appendix: the cold-chain and energy terms used in this deck.',
    category: 'appendix',
    compose(ctx) {
      const c = ctx.brand.colors;
      return white([
        ...chrome(ctx, 'appendix', 'Glossary'),
        table(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP - 8, w: CONTENT_WIDTH, h: 350 },
          {
            columns: [1, 3.4],
            rows: [
              [
                'BMS',
                'Battery management system: monitors and balances each cell and protects the pack.',
              ],
              ['Excursion', 'Any period where a product leaves its allowed temperature range.'],
              [
                'ITC',
                'Investment tax credit: a federal credit of 30% on qualifying energy storage.',
              ],
              [
                'LiFePO4',
                'Lithium iron phosphate: a long-life, thermally stable battery chemistry.',
              ],
              [
                'MKT',
                'Mean kinetic temperature: the single temperature that expresses cumulative heat stress.',
              ],
              ['Switch-over', 'The time between losing grid power and running on battery.'],
            ],
            headerFill: c.primary,
            stripe: 'F7F9FC',
            firstColumnWeight: 'bold',
          },
        ),
      ]);
    },
  },
  {
    id: 'appendix-faq',
    title: 'Frequently asked questions',
    description: 'Appendix: answers to the questions buyers ask most often.',
    category: 'appendix',
    compose(ctx) {
      const c = ctx.brand.colors;
      const faqs: Array<[string, string]> = [
        [
          'Do we need new refrigeration equipment?',
          'No. Loggers and controllers work with existing units from every major manufacturer.',
        ],
        [
          'What happens if the internet goes down?',
          'Controllers keep automating and buffer 90 days of readings; loggers buffer 30 days.',
        ],
        [
          'Who owns the data?',
          'You do. Export everything at any time by API or CSV, at no charge.',
        ],
        [
          'How long does installation take?',
          'A typical store is installed in one night; a distribution centre in a week.',
        ],
      ];
      const elements: SlideElement[] = [...chrome(ctx, 'appendix', 'Frequently asked questions')];
      faqs.forEach(([q, a], i) => {
        const x = MARGIN_X + (i % 2) * 444;
        const y = CONTENT_TOP + Math.floor(i / 2) * 175;
        elements.push(
          text({
            x,
            y,
            w: 420,
            h: 44,
            text: q,
            weight: 'semibold',
            size: 14,
            minSize: 10,
            lineHeight: 1.3,
            color: c.ink,
          }),
          text({
            x,
            y: y + 50,
            w: 420,
            h: 100,
            text: a,
            size: 12,
            minSize: 8,
            lineHeight: 1.45,
            color: c.muted,
          }),
        );
      });
      return white(elements);
    },
  },
];
