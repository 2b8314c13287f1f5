/**
 * The request schemas of the forms the cylinder screens show at once (key-in), imported by
 * `lazyZodRules` with the form's first validation: the screens themselves load neither them nor zod (issue 16).
 */
export { cylinderCreateBody } from '@gasops/shared';
