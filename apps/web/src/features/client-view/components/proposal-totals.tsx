/** @jsxImportSource preact */
import type { ProposalSummary } from '@deck-portal/domain';
import { creditEstimateLabel, formatCents } from '@deck-portal/domain/pricing';
import type { ComponentChildren } from 'preact';
import { usePageLanguage, type PageLanguage } from '../page-language.ts';

/** The credit's label in the page's language: the products it applies to, and that it is an estimate. */
function creditLabel({ lang, locale, texts }: PageLanguage, products: string[]) {
  // English keeps the deck's own wording of the list ("A, B and C").
  if (lang === 'en') return creditEstimateLabel(products);
  return texts.creditEstimate(
    new Intl.ListFormat(locale, { type: 'conjunction' }).format(products),
  );
}

/** The market's tax as the page's language names it, with its rate: added, or included. */
function taxLabel({ locale, texts }: PageLanguage, tax: NonNullable<ProposalSummary['tax']>) {
  const name = texts.taxNames[tax.name] ?? tax.name;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
    .format(tax.percent / 100)
    .replace(/[\u200e\u200f\u061c]/g, '');
  return tax.inclusive ? texts.taxIncluded(name, percent) : texts.taxAdded(name, percent);
}

/**
 * The priced summary as the deck's quote states it: one row per product (quantity, unit
 * price, amount, shipping; a subscription's amount per year), then subtotal, shipping, the
 * market's tax where it is added, the total the client pays (emphasised; an included tax stated
 * after it), the yearly fees apart from it, and the estimated tax
 * credit and the cost after it when there is one. `choice` renders an optional line's
 * checkbox; without it (a recorded acceptance) optional lines say whether they were chosen,
 * and lines left out are not shown. Amounts are in `currency`, written in the deck's formats.
 */
export function ProposalTotals({
  summary,
  currency,
  choice,
}: {
  summary: ProposalSummary;
  currency: string;
  choice?: (line: ProposalSummary['lines'][number]) => ComponentChildren;
}) {
  const language = usePageLanguage();
  const { texts, locale } = language;
  const money = (cents: number) => formatCents(cents, locale, currency);
  const lines = choice ? summary.lines : summary.lines.filter((line) => line.included);
  const credited = summary.lines.filter(
    (line) => line.included && line.kind !== 'subscription' && line.creditsCents > 0,
  );
  const billing = { service: texts.oneOffService, subscription: texts.subscription };
  return (
    <table class="cv-summary">
      <caption class="cv-visually-hidden">{texts.pricedSummary}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.product}</th>
          <th scope="col" class="cv-num">
            {texts.quantity}
          </th>
          <th scope="col" class="cv-num">
            {texts.unitPrice}
          </th>
          <th scope="col" class="cv-num">
            {texts.amount}
          </th>
          <th scope="col" class="cv-num">
            {texts.shipping}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId} class={line.included ? undefined : 'cv-left-out'}>
            <th scope="row">
              <span>
                {!line.kind || line.kind === 'goods'
                  ? line.name
                  : `${line.name} · ${billing[line.kind]}`}
              </span>
              {line.optional &&
                (choice ? (
                  choice(line)
                ) : (
                  <span class="cv-dimmed cv-xs"> {texts.optionalChosen}</span>
                ))}
            </th>
            {/* data-label names each figure where a phone shows a line as a card. */}
            <td class="cv-num" data-label={texts.quantity}>
              {language.count(line.quantity)}
            </td>
            <td class="cv-num" data-label={texts.unitPrice}>
              {money(line.unitPriceCents)}
            </td>
            <td class="cv-num" data-label={texts.amount}>
              {line.kind === 'subscription'
                ? texts.perYear(money(line.amountCents))
                : money(line.amountCents)}
            </td>
            <td class="cv-num" data-label={texts.shipping}>
              {money(line.shippingCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <Total label={texts.subtotal} value={money(summary.subtotalCents)} />
        <Total label={texts.shipping} value={money(summary.shippingCents)} />
        {summary.tax && !summary.tax.inclusive && (
          <Total label={taxLabel(language, summary.tax)} value={money(summary.tax.cents)} />
        )}
        <Total label={texts.totalYouPay} value={money(summary.totalCents)} isStrong />
        {summary.tax?.inclusive && (
          <Total label={taxLabel(language, summary.tax)} value={money(summary.tax.cents)} />
        )}
        {summary.yearlyCents > 0 && (
          <Total label={texts.yearlyFees} value={texts.perYear(money(summary.yearlyCents))} />
        )}
        {/* What the client pays is the total; a tax credit is an estimate, not a discount. */}
        {summary.creditsCents > 0 && (
          <>
            <Total
              label={creditLabel(
                language,
                credited.map((line) => line.name),
              )}
              value={`−${money(summary.creditsCents)}`}
            />
            <Total label={texts.afterCredit} value={money(summary.netCents)} />
          </>
        )}
      </tfoot>
    </table>
  );
}

function Total({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <tr class={isStrong ? 'cv-strong' : undefined}>
      <th scope="row" colSpan={4}>
        {label}
      </th>
      <td class="cv-num" data-total={label}>
        {value}
      </td>
    </tr>
  );
}
