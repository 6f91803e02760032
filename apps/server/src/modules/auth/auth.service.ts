import { randomUUID } from 'node:crypto';

import type {
  AuthResult,
  DriverRegistration,
  LoginRequest,
  RegisterDriverRequest,
  UpdateUserRequest,
  User,
} from '@jala/contracts';
import { isDriverType, LEGAL_VERSION, ratingAverage } from '@jala/domain';

import { AppError } from '../../lib/app-error';
import { ReadCache } from '../../lib/read-cache';
import { readKeys, type ReadVersions } from '../../lib/read-versions';
import type { AuthenticatedUser } from '../../lib/session-user';
import type { AccountChanges } from '../../realtime/cluster-bus';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password';
import type { AccountStamps, CachedUser, SessionCache } from './session-cache';
import type { TokenClaims, TokenService } from './token.service';
import { withUniqueEmail } from './unique-email';
import { toUserDto } from './user-dto';
import type { DriverProfileRow, UserRow, UsersRepository } from './users.repository';

/** What a suspended user reads at login: the operator's reason. */
export function suspendedMessage(reason: string | null): string {
  return reason ? `Tu cuenta está suspendida: ${reason}` : 'Tu cuenta está suspendida.';
}

/**
 * How an account becomes a driver. app.ts hands in the drivers module's DriverRegistrationService; declaring
 * the one call here keeps auth from importing drivers.
 */
export interface DriverSignUp {
  registerDriver(userId: number, input: RegisterDriverRequest): Promise<DriverRegistration>;
}

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  user_type: 'passenger' | 'driver' | 'both';
  /** The legal documents' checkbox: the schema accepts only `true`; the current LEGAL_VERSION is recorded. */
  accept_terms: true;
}

/** What a sign-in records of the browser it came from ('Sesiones abiertas'). */
export interface SignInClient {
  userAgent: string | null;
}

/** Longest User-Agent kept (real ones are under 300 characters; the header itself may be far longer). */
const USER_AGENT_MAX_LENGTH = 512;

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    /** The same registration /driver/register runs (drivers module): one way to become a driver. */
    private readonly driverSignUp: DriverSignUp,
    private readonly cache: SessionCache,
    private readonly changes: AccountChanges,
    versions: ReadVersions,
  ) {
    this.driverProfiles = new ReadCache({ versions });
  }

  /**
   * The driver profile behind a driver's answer (online, verified), kept under `driverFeed(driver)` like the
   * driver status read model: every write to status, verification or the profile bumps it.
   */
  private readonly driverProfiles: ReadCache<DriverProfileRow | undefined>;

  async register(input: RegisterInput, client: SignInClient): Promise<AuthResult> {
    const user = await withUniqueEmail(this.users, { email: input.email, userId: null }, async () =>
      this.users.insertWithConsent(
        {
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          userType: input.user_type,
        },
        LEGAL_VERSION,
      ),
    );
    return this.openSession(user, client);
  }

  async login(input: LoginRequest, client: SignInClient): Promise<AuthResult> {
    const user = await this.users.findByEmail(input.email);
    const isValid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : (await verifyPassword(await DUMMY_HASH_PROMISE, input.password), false);
    // A deleted account's e-mail is a placeholder nobody types; this also holds if one were typed.
    if (!user || !isValid || user.deletedAt) throw new AppError('INVALID_CREDENTIALS');
    // Told only to whoever knows the password, so suspension is not an account-probing oracle.
    if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', suspendedMessage(user.suspensionReason));
    return this.openSession(user, client);
  }

  async logout(sessionId: string): Promise<void> {
    await this.users.revokeSession(sessionId);
  }

  /**
   * Resolves a bearer token to its user, or null when the token is forged, expired or revoked. Served from
   * the session cache when it can be (session-cache.ts says when it cannot), else from the database.
   */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const claims = this.cache.verifiedToken(token) ?? (await this.verifyToken(token));
    if (!claims) return null;
    const stamps = await this.cache.readStamps(claims.userId, claims.sessionId);
    const user =
      (stamps && this.cache.sessionUser(claims.sessionId, claims.userId, stamps)) ||
      (await this.loadSessionUser(claims, stamps));
    // Suspension and deletion revoke every session; this also covers a session opened in the same instant.
    if (!user || user.suspendedAt || user.deletedAt) return null;
    return { id: user.id, sessionId: claims.sessionId, userType: user.userType, isAdmin: user.isAdmin };
  }

  /** `sessionId`: the reader's session (the account stamps are read per user and session). */
  async getProfile(userId: number, sessionId: string): Promise<User> {
    const stamps = await this.cache.readStamps(userId, sessionId);
    const user = (stamps && this.cache.user(userId, stamps.user)) || (await this.loadUser(userId, stamps));
    if (!user) throw new AppError('UNAUTHORIZED');
    return this.toDto(user);
  }

  async updateProfile(userId: number, input: UpdateUserRequest): Promise<User> {
    const user = await withUniqueEmail(this.users, { email: input.email, userId }, () =>
      this.users.update(userId, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        avatarUrl: input.avatar_url,
      }),
    );
    if (!user) throw new AppError('UNAUTHORIZED');
    await this.changes.userChanged(userId);
    return this.toDto(user);
  }

  /** Turns the user into a driver (spec §7 /auth/register-driver) and returns the registration status. */
  async registerDriver(userId: number, input: RegisterDriverRequest) {
    return this.driverSignUp.registerDriver(userId, input);
  }

  private async openSession(user: UserRow, client: SignInClient): Promise<AuthResult> {
    const sessionId = randomUUID();
    const userAgent = client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null;
    await this.users.createSession(sessionId, user.id, new Date(Date.now() + this.tokens.ttl * 1000), userAgent);
    const token = await this.tokens.sign({ userId: user.id, sessionId });
    return { user: await this.toDto(user), token };
  }

  private async verifyToken(token: string): Promise<TokenClaims | null> {
    const verified = await this.tokens.verify(token);
    if (!verified) return null;
    const claims = { userId: verified.userId, sessionId: verified.sessionId };
    this.cache.rememberToken(token, claims, verified.expiresAt);
    return claims;
  }

  /** From the database; kept only when the stamps it was read under are known (null: Redis away). */
  private async loadSessionUser(claims: TokenClaims, stamps: AccountStamps | null): Promise<CachedUser | undefined> {
    const ticket = stamps && this.cache.beginRead(stamps);
    const found = await this.users.findSessionUser(claims.sessionId, claims.userId);
    if (found && ticket) this.cache.storeSession(ticket, claims.sessionId, found.expiresAt, found.user);
    return found?.user;
  }

  private async loadUser(userId: number, stamps: AccountStamps | null): Promise<CachedUser | undefined> {
    const ticket = stamps && this.cache.beginRead(stamps);
    const user = await this.users.findById(userId);
    if (user && ticket) this.cache.storeUser(ticket, user);
    return user;
  }

  /**
   * Only a driver has a driver profile (register-driver makes a passenger 'both' in the same transaction).
   * One answer per cached user object and kept profile, so a polled profile gets the same answer back (its
   * body and ETag reused, plugins/conditional-get.ts) until either changes.
   */
  private async toDto(user: CachedUser): Promise<User> {
    const profile = isDriverType(user.userType)
      ? await this.driverProfiles.read(String(user.id), [readKeys.driverFeed(user.id)], () =>
          this.users.findDriverProfile(user.id),
        )
      : undefined;
    const kept = this.answers.get(user);
    if (kept && kept.profile === profile) return kept.answer;
    const answer = toUserDto(user, profile, ratingAverage(user.ratingAverage));
    this.answers.set(user, { profile, answer });
    return answer;
  }

  private readonly answers = new WeakMap<CachedUser, { profile: DriverProfileRow | undefined; answer: User }>();
}
