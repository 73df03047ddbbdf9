import type { TemplateElement } from '@deck-portal/domain';
import { Checkbox, Stack, Text } from '@mantine/core';
import { ColourField, type PaletteColour } from './colour-field.tsx';
import { StrokeFields } from './stroke-fields.tsx';

type ShapeElement = Extract<TemplateElement, { kind: 'rect' | 'ellipse' | 'path' }>;

/** The palette's first colour: what a fill or an outline starts in when it is switched on. */
const firstColour = (palette: readonly PaletteColour[]) => palette[0]?.value ?? '#000000';

/**
 * A shape's fill and outline: each on or off, in a colour of the palette or the slide's own, the
 * outline with its width and dashes. A plain colour picked over a gradient replaces it, as in an
 * office suite; the fill's see-through share and the outline's are kept.
 */
export function ShapeLookField({
  shape,
  palette,
  onChange,
}: {
  shape: ShapeElement;
  palette: readonly PaletteColour[];
  onChange: (shape: ShapeElement) => void;
}) {
  const isFilled = shape.fill !== undefined || shape.gradient !== undefined;
  const stroke = shape.stroke && shape.stroke.opacity !== 0 ? shape.stroke : undefined;

  const withFill = (fill: string | undefined) => {
    const { fill: _fill, gradient: _gradient, ...rest } = shape;
    return (fill === undefined ? rest : { ...rest, fill }) as ShapeElement;
  };
  const withStroke = (next: ShapeElement['stroke']) => {
    const { stroke: _stroke, ...rest } = shape;
    return (next ? { ...rest, stroke: next } : rest) as ShapeElement;
  };

  return (
    <Stack gap="xs">
      <Checkbox
        label="Filled"
        checked={isFilled}
        onChange={(event) =>
          onChange(withFill(event.currentTarget.checked ? firstColour(palette) : undefined))
        }
      />
      {isFilled && (
        <>
          {shape.gradient && (
            <Text size="xs" c="dimmed">
              Filled with a gradient. A colour picked here fills the shape plainly instead.
            </Text>
          )}
          <ColourField
            label="Fill"
            value={shape.gradient ? undefined : shape.fill}
            palette={palette}
            onChange={(fill) => onChange(withFill(fill))}
          />
        </>
      )}
      <Checkbox
        label="Outline"
        checked={stroke !== undefined}
        onChange={(event) =>
          onChange(
            withStroke(
              event.currentTarget.checked ? { color: firstColour(palette), width: 1 } : undefined,
            ),
          )
        }
      />
      {stroke && (
        <>
          <StrokeFields
            names={{ colour: 'Outline colour', width: 'Outline width', dashed: 'Dashed outline' }}
            stroke={stroke}
            palette={palette}
            onChange={(next) => onChange(withStroke(next))}
          />
        </>
      )}
    </Stack>
  );
}
