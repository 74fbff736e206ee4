/**
 * The bounds of the shape check (shape.ts) and the rules of its issues: declarations, built
 * once when the module loads. The bounds are written down in schemas/README.md ("Bounds").
 */
export interface ShapeLimits {
  /** Objects and lists nested inside each other, the document itself being level 1. */
  depth: number;
  /** Objects and lists in the whole document. */
  containers: number;
  /** Properties of one object (known and unknown ones). */
  properties: number;
  /** Characters of a property name. */
  propertyName: number;
  /** Characters of a string the schema does not describe (a property it does not name). */
  string: number;
  /** Items of a list the schema does not describe (a known list has its own maxItems). */
  items: number;
}

export const documentShapeLimits: Readonly<ShapeLimits> = Object.freeze({
  depth: 12,
  containers: 10_000,
  properties: 300,
  propertyName: 128,
  string: 4000,
  items: 1000,
});

/** Rules of the shape check (`rule` of its issues). */
export type ShapeRule =
  | 'maxDepth'
  | 'maxNodes'
  | 'maxProperties'
  | 'propertyName'
  | 'maxItems'
  | 'maxLength'
  | 'character';

/** A refusal of the shape check that makes validating the rest unbounded work. */
export const structural: ReadonlySet<string> = new Set([
  'maxDepth',
  'maxNodes',
  'maxProperties',
  'maxItems',
  'maxLength',
  'propertyName',
]);
