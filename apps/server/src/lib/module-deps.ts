import type { Database } from '@jala/db';
import type { AppConfig } from '../config';
import type { UsersRepository } from '../modules/auth/users.repository';
import type { RealtimeBroker } from '../realtime/broker';
import type { TopicAcl } from '../realtime/topic-acl';
import type { GeoProvider } from '../geo';

/** What every feature module receives when app.ts registers it under /api. */
export interface ModuleDeps {
  db: Database;
  config: AppConfig;
  users: UsersRepository;
  broker: RealtimeBroker;
  acl: TopicAcl;
  geo: GeoProvider;
  /** Injectable clock, so expiry and "today" are testable. */
  now: () => Date;
}
