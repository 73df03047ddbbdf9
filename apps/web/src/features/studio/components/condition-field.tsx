import { isMarketCondition, type TemplateCondition } from '@deck-portal/domain';
import { Group, Select, TagsInput } from '@mantine/core';
import type { BindingGroup } from './binding-menu.tsx';

type Mode = 'always' | 'filled' | 'empty' | 'markets' | 'exceptMarkets';

const modes: { value: Mode; label: string }[] = [
  { value: 'always', label: 'Always' },
  { value: 'filled', label: 'When a value is filled in' },
  { value: 'empty', label: 'When a value is empty' },
  { value: 'markets', label: 'Only in some markets' },
  { value: 'exceptMarkets', label: 'In every market but some' },
];

const conditionOf = (mode: Mode, path: string): TemplateCondition | undefined =>
  mode === 'always'
    ? undefined
    : mode === 'markets'
      ? { markets: ['US'] }
      : mode === 'exceptMarkets'
        ? { exceptMarkets: ['US'] }
        : mode === 'filled'
          ? { filled: path }
          : { empty: path };

/** Country codes as typed: two letters each, in capitals. */
const marketCodes = (values: string[]) => [
  ...new Set(values.map((value) => value.trim().toUpperCase()).filter((v) => /^[A-Z]{2}$/.test(v))),
];

/**
 * When something is shown: always, only in decks where a binding has a value (the contact's
 * name, a layout's field, a product's credit) or has none (the binding picked from the same
 * groups as "Insert binding"), or only in some markets or in all but some (country codes).
 */
export function ConditionField({
  label,
  when,
  groups,
  onChange,
}: {
  label: string;
  when: TemplateCondition | undefined;
  groups: readonly BindingGroup[];
  onChange: (when: TemplateCondition | undefined) => void;
}) {
  const mode: Mode = !when
    ? 'always'
    : 'markets' in when
      ? 'markets'
      : 'exceptMarkets' in when
        ? 'exceptMarkets'
        : 'filled' in when
          ? 'filled'
          : 'empty';
  const path =
    when && !isMarketCondition(when) ? ('filled' in when ? when.filled : when.empty) : undefined;
  const markets =
    when && isMarketCondition(when)
      ? 'markets' in when
        ? when.markets
        : when.exceptMarkets
      : undefined;
  const firstPath = groups[0]?.paths[0] ?? 'contact.name';
  // A value none of the groups lists (a repeat's item) is still shown as chosen.
  const listed = path === undefined || groups.some((group) => group.paths.includes(path));
  const choices = listed ? groups : [{ label: 'Now', paths: [path] }, ...groups];
  return (
    <Group grow gap="xs" align="flex-start">
      <Select
        label={label}
        data={modes}
        value={mode}
        allowDeselect={false}
        onChange={(next) => next && onChange(conditionOf(next as Mode, path ?? firstPath))}
      />
      {markets && (
        <TagsInput
          label={`${label}: the markets`}
          description="Country codes, such as US or JP"
          value={markets}
          onChange={(next) => {
            const codes = marketCodes(next);
            if (codes.length === 0) return;
            onChange(mode === 'markets' ? { markets: codes } : { exceptMarkets: codes });
          }}
        />
      )}
      {path !== undefined && (
        <Select
          label={`${label}: the value`}
          searchable
          data={choices.map((group) => ({
            group: group.label,
            items: group.paths.map((value) => ({ value, label: `{{${value}}}` })),
          }))}
          value={path}
          allowDeselect={false}
          onChange={(next) => next && onChange(conditionOf(mode, next))}
        />
      )}
    </Group>
  );
}
