import { bindingPaths, type BindingPath, type ImportField } from '@deck-portal/domain';
import { Select, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';

/** What each binding shows, in an editor's words; a new binding in the domain must be named here. */
const bindingNames: Record<BindingPath, string> = {
  'client.name': 'Client name',
  'contact.name': 'Primary contact',
  'client.addressed': 'Client, as the deck’s language addresses a company',
  'contact.addressed': 'Primary contact, as the deck’s language addresses a person',
  'contact.greeting': 'Greeting to the primary contact',
  'deck.headline': 'Headline',
  'deck.date': 'Presentation date',
  'deck.year': 'Year',
  'rep.name': 'Rep’s name',
  'rep.title': 'Rep’s job title',
  'rep.email': 'Rep’s e-mail',
  'rep.phone': 'Rep’s phone',
  'rep.nameAndTitle': 'Rep’s name and job title',
  'rep.reach': 'Rep’s e-mail and phone',
  'brand.name': 'Company name',
  'brand.legalName': 'Company’s legal name',
  'brand.tagline': 'Company tagline',
  'brand.website': 'Company website',
  'brand.email': 'Company e-mail',
  'brand.phone': 'Company phone',
  'brand.address': 'Company address',
  'credit.rate': 'Tax credit rate',
  'credit.products': 'Products the tax credit applies to',
  'quote.editedProducts': 'Products whose price texts the rep edited',
  'slide.number': 'Slide number',
  'slide.heading': 'Slide heading',
  'slide.subheading': 'Slide subheading',
  'slide.categoryName': 'Slide’s category (its client label)',
};

/** The option groups, by a binding's first part; groups keep `bindingPaths`' order. */
const groupNames: Record<string, string> = {
  client: 'The client and the presentation',
  contact: 'The client and the presentation',
  deck: 'The client and the presentation',
  rep: 'The rep',
  brand: 'Your company',
  credit: 'Tax credit',
  quote: 'The quote',
  slide: 'The slide',
};

/** Mantine's Select holds strings: "keep as written" (null in the request) is this value. */
const keepAsWritten = 'keep';

const bindingGroups = new Map<string, ComboboxItem[]>();
for (const path of bindingPaths) {
  const group = groupNames[path.split('.')[0]!] ?? 'Other';
  bindingGroups.set(group, [
    ...(bindingGroups.get(group) ?? []),
    { value: path, label: bindingNames[path] },
  ]);
}

const options: ComboboxItemGroup<ComboboxItem>[] = [
  { group: 'As it is', items: [{ value: keepAsWritten, label: 'Keep as written' }] },
  ...[...bindingGroups].map(([group, items]) => ({ group, items })),
];

const isBindingPath = (value: string): value is BindingPath =>
  (bindingPaths as readonly string[]).includes(value);

/** A field-like text found on a slide (`{{Client Name}}`) and what a deck fills it with. */
export function ImportFieldSelect({
  field,
  value,
  onChange,
}: {
  field: ImportField;
  value: BindingPath | null;
  onChange: (value: BindingPath | null) => void;
}) {
  return (
    <Select
      label={field.text}
      data={options}
      value={value ?? keepAsWritten}
      onChange={(chosen) => onChange(chosen && isBindingPath(chosen) ? chosen : null)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No such field"
      maxDropdownHeight={280}
    />
  );
}
