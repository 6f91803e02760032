import { TextField } from '@/components/ui/form-field';

type IdentityField = 'brand' | 'model' | 'license_plate' | 'color';

/** What useSchemaForm's `field(name)` gives a TextField. */
type BindField = (name: IdentityField) => Omit<Parameters<typeof TextField>[0], 'label'>;

/**
 * Marca, Modelo, Placa and Color of a vehicle, in the two-column grid of the add-vehicle and
 * driver-registration forms; `placeholders` shows an example in each (the add-vehicle form).
 */
export function VehicleIdentityFields({ field, placeholders = false }: { field: BindField; placeholders?: boolean }) {
  const example = (text: string) => (placeholders ? text : undefined);
  return (
    <>
      <TextField label="Marca" placeholder={example('Toyota')} {...field('brand')} />
      <TextField label="Modelo" placeholder={example('Yaris')} {...field('model')} />
      <TextField label="Placa" autoCapitalize="characters" placeholder="ABC-123" {...field('license_plate')} />
      <TextField label="Color" placeholder={example('Blanco')} {...field('color')} />
    </>
  );
}
