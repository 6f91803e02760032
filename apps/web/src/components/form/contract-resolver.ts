import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/** The part of a zod 4 schema (the contracts' schemas) this file relies on, so the web needs no zod import. */
interface ContractSchema<TPayload> {
  _zod: { output: TPayload };
}

/**
 * A react-hook-form resolver from a `@jala/contracts` schema (@hookform/resolvers' zod resolver), so the
 * form shows the server's own Spanish messages. Inputs hold text; `toInput` turns the form's values into
 * what the schema checks (a number field's text into a number, an empty select into "not chosen").
 */
export function contractResolver<TValues extends FieldValues, TPayload>(
  schema: ContractSchema<TPayload>,
  toInput: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TPayload> {
  const check = zodResolver(schema as Parameters<typeof zodResolver>[0]) as unknown as Resolver<
    TValues,
    unknown,
    TPayload
  >;
  return (values, context, options) => check(toInput(values) as TValues, context, options);
}
