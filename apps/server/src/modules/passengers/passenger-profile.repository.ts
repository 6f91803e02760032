import type { PassengerProfile } from '@jala/contracts';
import { type Database, eq, schema } from '@jala/db';

const profileColumns = {
  first_name: schema.users.firstName,
  last_name: schema.users.lastName,
  email: schema.users.email,
  phone: schema.users.phone,
  emergency_contact_name: schema.users.emergencyContactName,
  emergency_contact_phone: schema.users.emergencyContactPhone,
};

export interface PassengerProfileChanges {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
}

export class PassengerProfileRepository {
  constructor(private readonly db: Database) {}

  async findProfile(userId: number): Promise<PassengerProfile | undefined> {
    const [row] = await this.db.select(profileColumns).from(schema.users).where(eq(schema.users.id, userId));
    return row;
  }

  async updateProfile(userId: number, changes: PassengerProfileChanges): Promise<PassengerProfile | undefined> {
    const [row] = await this.db
      .update(schema.users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(schema.users.id, userId))
      .returning(profileColumns);
    return row;
  }
}
