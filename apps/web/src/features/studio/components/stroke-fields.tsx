import { Checkbox, NumberInput } from '@mantine/core';
import { ColourField, type PaletteColour } from './colour-field.tsx';

/** A line's or an outline's look: its colour, its width in points, and whether it is dashed. */
export interface Stroke {
  color: string;
  width: number;
  dash?: boolean;
}

/**
 * The fields of a stroke, named for what it draws (`Line colour`, `Outline width`). Not dashed
 * leaves `dash` out altogether, as the format writes a solid line.
 */
export function StrokeFields<T extends Stroke>({
  names,
  stroke,
  palette,
  onChange,
}: {
  names: { colour: string; width: string; dashed: string };
  stroke: T;
  palette: readonly PaletteColour[];
  onChange: (stroke: T) => void;
}) {
  return (
    <>
      <ColourField
        label={names.colour}
        value={stroke.color}
        palette={palette}
        onChange={(color) => onChange({ ...stroke, color })}
      />
      <NumberInput
        label={names.width}
        description="In points."
        value={stroke.width}
        min={0}
        max={100}
        decimalScale={2}
        onChange={(width) => typeof width === 'number' && onChange({ ...stroke, width })}
      />
      <Checkbox
        label={names.dashed}
        checked={stroke.dash === true}
        onChange={(event) => {
          const { dash: _dash, ...solid } = stroke;
          onChange((event.currentTarget.checked ? { ...solid, dash: true } : solid) as T);
        }}
      />
    </>
  );
}
