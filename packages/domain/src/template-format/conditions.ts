import { z } from 'zod';
import { bindingPathSchema } from './bindings.ts';

/** Show an element only when a binding has a value (or has none). */
export const templateConditionSchema = z.union([
  z.object({ filled: bindingPathSchema }).strict(),
  z.object({ empty: bindingPathSchema }).strict(),
]);
export type TemplateCondition = z.infer<typeof templateConditionSchema>;
