import type { FastifyInstance } from 'fastify';
import { type AppOptions } from '../src/app.js';
import { type DatabaseHandle, type DialectName } from '../src/db/create-db.js';
import type { BackfillOptions } from '../src/modules/market/candles/backfill.js';
import { type ServiceConfig, type ServiceOptions, type Services } from '../src/services.js';
/**
 * Every database test runs on both dialects: SQLite in a temporary folder and a fresh
 * PostgreSQL database on the machine's server, created for the test and dropped after.
 */
export declare const DIALECTS: DialectName[];
/** The PostgreSQL server tests use (an admin connection that may create databases). */
export declare const TEST_PG_URL: string;
export interface TestDatabase {
    handle: DatabaseHandle;
    /** Closes the connection and removes the database. */
    drop(): Promise<void>;
}
export declare function createTestDatabase(dialect: DialectName): Promise<TestDatabase>;
export interface TestApp {
    app: FastifyInstance;
    services: Services;
    database: TestDatabase;
    close(): Promise<void>;
}
/**
 * A few hours of candle history instead of the production year, so apps start in
 * milliseconds; candle tests pass their own windows (candles/backfill.ts).
 */
export declare const TEST_BACKFILL: BackfillOptions;
/** The whole server on a fresh database, its feed not started (tests push ticks themselves). */
export declare function createTestApp(dialect: DialectName, options?: {
    app?: AppOptions;
    services?: ServiceOptions;
    config?: Partial<ServiceConfig>;
}): Promise<TestApp>;
/** Inserts a user with a session and returns its token (for routes that need a login). */
export declare function createUserWithSession(services: Services, overrides?: {
    is_demo?: number;
    status?: string;
    email?: string;
}): Promise<{
    userId: number;
    token: string;
}>;
/** Parses an inject() response as the envelope. */
export declare function envelope(res: {
    body: string;
}): {
    code: number;
    msg: string;
    data: any;
};
/** A clock tests move by hand, for expiries and rate-limit windows. */
export declare class TestClock {
    value: number;
    constructor(value?: number);
    readonly now: () => number;
    advance(ms: number): void;
}
/** The latest code e-mailed or texted to an address, read from the outbox. */
export declare function lastCodeSentTo(services: Services, recipient: string): Promise<string>;
/** Small request helpers over inject(): form posts and GETs with token, IP and language. */
export declare function client(app: FastifyInstance): {
    post(url: string, form: Record<string, string | number | undefined>, o?: {
        token?: string;
        ip?: string;
        lang?: string;
    }): Promise<{
        code: number;
        msg: string;
        data: any;
    }>;
    get(url: string, o?: {
        token?: string;
        ip?: string;
        lang?: string;
    }): Promise<{
        code: number;
        msg: string;
        data: any;
    }>;
};
/** A Wednesday afternoon in New York: every market is open. */
export declare const WEEKDAY: number;
/** A Saturday: only crypto trades. */
export declare const SATURDAY: number;
/** Sets an instrument's quote (in points) as a tick at `time`. */
export declare function setQuote(services: Services, code: string, bid: number, ask: number, time?: number): void;
/** A real user with a funded account (the deposit goes through the ledger). */
export declare function fundedUser(services: Services, usd: number): Promise<{
    userId: number;
    token: string;
}>;
/** Balance and the sum of the account log, in micro-USD: they must always agree. */
export declare function ledgerOf(services: Services, userId: number): Promise<{
    balance: number;
    logSum: number;
}>;
