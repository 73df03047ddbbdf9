import { NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A size in points: what is typed shows as typed, the element takes it once it is a size in
 * range, and leaving the field shows the element's size again (a size out of range is not kept).
 */
export function PointsInput({
  label,
  value,
  min = 4,
  max,
  suffix,
  onChange,
}: {
  label: string;
  value: number;
  min?: number;
  max: number;
  suffix?: string;
  onChange: (size: number) => void;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <NumberInput
      label={label}
      value={draft}
      min={min}
      max={max}
      decimalScale={1}
      {...(suffix ? { suffix } : {})}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === 'number' && next >= min && next <= max) onChange(next);
      }}
      onBlur={() => setDraft(value)}
    />
  );
}
