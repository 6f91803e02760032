import type { User } from '@jala/contracts';
import { LEGAL_VERSION } from '@jala/domain';

import type { AuthenticatedUser } from '../../../lib/session-user';
import type { AccountChanges } from '../../../realtime/cluster-bus';
import type { AuthService } from '../../auth/auth.service';
import type { ConsentRepository } from './consent.repository';

/**
 * Accepting a new version of the 'Términos y condiciones' and the 'Política de privacidad' (the consent screen
 * a signed-in account meets when LEGAL_VERSION is newer than what it accepted; sign-up records the first
 * acceptance itself). Idempotent: a second tap records nothing more. Every node forgets its cached copy of the
 * account before the answer, which is the profile with `consent_required` now false.
 */
export class ConsentService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly auth: AuthService,
    private readonly changes: AccountChanges,
    private readonly now: () => Date,
  ) {}

  async accept(user: AuthenticatedUser): Promise<User> {
    if (await this.consents.accept(user.id, LEGAL_VERSION, this.now())) await this.changes.userChanged(user.id);
    return this.auth.getProfile(user.id, user.sessionId);
  }
}
