/** A person's name as every answer shows it: first and last name, without a stray space when one is empty. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
