import sharp from 'sharp';
import {
  deckDraftSchema,
  findMarket,
  priceBookForMarket,
  SEED_MARKETS,
  SEED_PRICE_LISTS,
  type DeckDraft,
} from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

/** Where the bench deck's pictures live; run.ts serves them itself for the worker pool. */
export const PICTURE_ORIGIN = 'https://pictures.example/';

/** Four distinct pictures: two photos (JPEG) and two graphics (PNG with transparency). */
export async function makePictures(): Promise<
  Map<string, { bytes: Buffer; kind: 'png' | 'jpeg' }>
> {
  const noise = (seed: number, w: number, h: number) => {
    const raw = Buffer.alloc(w * h * 3);
    let x = seed;
    for (let i = 0; i < raw.length; i += 1) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = (x >> 16) & 0xff;
    }
    return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).blur(6);
  };
  const photo = async (seed: number) =>
    (await noise(seed, 1600, 1000)).jpeg({ quality: 82 }).toBuffer();
  const graphic = (color: string) =>
    sharp({ create: { width: 1200, height: 800, channels: 4, background: color } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1200" height="800"><circle cx="600" cy="400" r="300" fill="#fff" fill-opacity="0.6"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
  return new Map([
    [`${PICTURE_ORIGIN}warehouse.jpg`, { bytes: await photo(1), kind: 'jpeg' as const }],
    [`${PICTURE_ORIGIN}freezer.jpg`, { bytes: await photo(2), kind: 'jpeg' as const }],
    [`${PICTURE_ORIGIN}diagram.png`, { bytes: await graphic('#1fa9c0aa'), kind: 'png' as const }],
    [`${PICTURE_ORIGIN}chart.png`, { bytes: await graphic('#f2a541aa'), kind: 'png' as const }],
  ]);
}

const TEMPLATE_SLIDES = [
  'title',
  'agenda',
  'confidentiality',
  'about-us',
  'by-the-numbers',
  'market-challenge',
  'product-data-logger',
  'product-battery-bms',
  'product-controller',
  'solution-architecture',
  'deployment-plan',
  'case-study',
  'next-steps',
  'thank-you',
];

/** Picture slides for the benchmark, alternating between the two pairs of pictures. */
export function pictureSlides(count: number): DeckDraft['templateCustomization']['customSlides'] {
  return Array.from({ length: count }, (_, i) => ({
    placeholders: [],
    keptPlaceholders: [],
    id: `custom-${i}`,
    layoutId: 'two-images',
    layoutName: 'Two images',
    placeholderContent:
      i % 2 === 0
        ? {
            title: 'Your distribution centre today',
            left_image: `${PICTURE_ORIGIN}warehouse.jpg`,
            left_caption: 'Loading dock, Building 2',
            right_image: `${PICTURE_ORIGIN}freezer.jpg`,
            right_caption: 'Blast freezer bank',
          }
        : {
            title: 'What changes with monitoring',
            left_image: `${PICTURE_ORIGIN}diagram.png`,
            left_caption: 'Sensor map',
            right_image: `${PICTURE_ORIGIN}chart.png`,
            right_caption: 'Excursions per month',
          },
  }));
}

/** The benchmark deck: 14 template slides + 4 pricing slides + 2 custom slides = 20 slides. */
export function benchDraft(): DeckDraft {
  return deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Benchmark proposal',
      clientName: 'Harbor Fresh Foods',
      date: '2026-03-05',
      primaryContact: 'Dana Reyes',
    },
    productSelection: {
      selectedProducts: [
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
        { id: 'data_logger', quantity: 100, customPricing: 29.99 },
        { id: 'controller', quantity: 11, customPricing: 199 },
        { id: 'bms', quantity: 1, customPricing: 200 },
      ],
      includePricing: true,
    },
    templateCustomization: { selectedSlides: TEMPLATE_SLIDES, customSlides: pictureSlides(2) },
  });
}

const CLIENTS = ['Harbor Fresh Foods', 'Northwind Cold Storage Ltd', 'Alpine Dairy GmbH'];
const CONTACTS = ['Dana Reyes', 'Priya Raman, Head of Operations', 'Jonas Weber'];

/**
 * The benchmark deck made for the `run`th client of a rep's day: each warm run is a deck for
 * another client (name, contact, quantities), so what the engine keeps between decks is measured
 * as a rep's next deck finds it, not as the same deck made again.
 */
export function benchDraftFor(run: number): DeckDraft {
  const draft = benchDraft();
  draft.basicInfo.clientName = `${CLIENTS[run % CLIENTS.length]} ${run + 1}`;
  draft.basicInfo.primaryContact = CONTACTS[run % CONTACTS.length]!;
  for (const selected of draft.productSelection.selectedProducts) {
    selected.quantity += run;
  }
  return draft;
}

/**
 * The benchmark deck for a Japanese client (issue 18): its name, its contact and the first custom
 * slide's title and caption in Japanese, drawn with the bundled Noto Sans JP where Inter has no
 * glyph.
 */
export function japaneseBenchDraft(): DeckDraft {
  const draft = benchDraft();
  // A deck for Japan in Japanese (issue 50): every library text from the seeded translations,
  // prices from the yen list (the rep's at its list prices), consumption tax in the quote.
  Object.assign(draft.basicInfo, { market: 'JP', language: 'ja', locale: 'ja-JP' });
  const japan = priceBookForMarket(
    SEED_PRICE_BOOK,
    findMarket(SEED_MARKETS, 'JP')!,
    SEED_PRICE_LISTS,
  );
  for (const selected of draft.productSelection.selectedProducts) {
    selected.customPricing = japan.book.products.find((p) => p.id === selected.id)?.msrp ?? 0;
  }
  draft.basicInfo.clientName = '株式会社トヨタ自動車 東京本社';
  draft.basicInfo.primaryContact = '山田 花子、営業部長';
  Object.assign(draft.templateCustomization.customSlides[0]!.placeholderContent, {
    title: '御社の物流センターの現状',
    left_caption: '第2棟の荷積み場では、冷凍庫の温度を毎分記録しています。',
  });
  return draft;
}
