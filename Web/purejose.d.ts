// Types of purejose.mjs (PureJOSE's JWT verification compiled to WebAssembly). See purejose.mjs for the details.

export type JWK = { kty: string; kid?: string; alg?: string; use?: string; crv?: string; [member: string]: unknown };
export type JWKSet = { keys: JWK[] };
/** A function from createLocalJWKSet(). */
export type LocalJWKSet = ((protectedHeader?: { kid?: string; alg?: string }) => JWK) & { readonly __purejoseLocalSet?: never };
/** A JWK, a JWK Set (object or JSON text), PEM text (public key or certificate), an HMAC secret, a local set. */
export type KeyInput = JWK | JWKSet | string | Uint8Array | LocalJWKSet;

/** A duration: seconds, or text such as "30s", "5 min", "2h", "1d". */
export type Duration = number | string;

export interface ClaimOptions {
    /** Any of these must equal `iss`. */
    issuer?: string | string[];
    /** Any of these must be in `aud` (string or array). */
    audience?: string | string[];
    subject?: string;
    nonce?: string;
    /** The header `typ` (panva/jose's name); `type` is the same. */
    typ?: string;
    type?: string;
    /** The time to check at: a Date, or seconds since 1970 (not milliseconds: numbers above 9999-12-31 throw). */
    now?: Date | number;
    /** panva/jose's name for `now`. */
    currentDate?: Date | number;
    /** Clock skew allowed, seconds (≥ 0). `clockTolerance` is panva/jose's name for it. */
    leeway?: Duration;
    clockTolerance?: Duration;
    /** The largest age `iat` may have. `maxTokenAge` is panva/jose's name for it. */
    maxAge?: Duration;
    maxTokenAge?: Duration;
    /** Claims that must be present. */
    requiredClaims?: string[];
    /** Default true: a token without `exp` is refused. */
    requireExpiration?: boolean;
    /** Allowed `alg` values (default: every one, each only with a key that fits it). Unknown names throw. */
    algorithms?: Algorithm[];
}

export interface VerifyOptions extends ClaimOptions {
    /** Exactly one of key, jwks, pem. */
    key?: KeyInput;
    jwks?: JWKSet | string;
    pem?: string;
}

export type Algorithm = "HS256" | "HS384" | "HS512" | "RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512"
    | "ES256" | "ES384" | "ES512" | "EdDSA" | "Ed25519";
export const ALGORITHMS: readonly Algorithm[];

export type ErrorCode = "malformedToken" | "invalidBase64URL" | "invalidJSON" | "duplicateMember" | "limitExceeded"
    | "unsupportedAlgorithm" | "algorithmNotAllowed" | "unsecuredAlgorithm" | "unsupportedCriticalHeader"
    | "keyNotFound" | "keyMismatch" | "weakKey" | "invalidKey" | "unsupportedKey" | "privateKeyMaterial"
    | "duplicateKeyID" | "mixedKeySet" | "invalidSignature" | "expired" | "notYetValid" | "issuedInFuture" | "tooOld"
    | "missingClaim" | "invalidClaim" | "issuerMismatch" | "audienceMismatch" | "subjectMismatch" | "nonceMismatch"
    | "typeMismatch" | "decodingFailed" | "invalidCertificate" | "internalError" | (string & {});

export type Verdict =
    | { valid: true; header: Record<string, unknown>; claims: Record<string, unknown>; key: JWK | null }
    | { valid: false; code: ErrorCode; reason: string };

/** Compiles and instantiates purejose.wasm (beside this file unless given). */
export function load(source?: ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module): Promise<void>;
/** A verdict for a token; throws TypeError/RangeError only on misuse (unknown option, wrong type, bad value). */
export function verify(token: string, options: VerifyOptions): Verdict;
/** As panva/jose: resolves to the payload, header and key; rejects with a PureJOSEError subclass. */
export function jwtVerify(token: string, key: KeyInput, options?: ClaimOptions):
    Promise<{ payload: Record<string, unknown>; protectedHeader: Record<string, unknown>; key: JWK | null }>;
/** Header and claims WITHOUT any check (display only). Throws PureJOSEError for a malformed token. */
export function decode(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> };
/** As panva/jose's createLocalJWKSet. */
export function createLocalJWKSet(jwks: JWKSet | string): LocalJWKSet;
/** What a key input holds, for display (never secret values). */
export function describeKey(input: KeyInput): {
    form: "JWK Set" | "JWK" | "PEM public key" | "certificate" | "HMAC secret";
    keys: Array<{ kid?: string; kty?: string; crv?: string; alg?: string; use?: string; bits?: number }>;
    certificates: Array<{ subject: string; issuer: string; notBefore: number; notAfter: number }>;
};
/** Strict base64url decoding; null when the text is not canonical base64url. */
export function base64urlDecode(text: string): Uint8Array | null;
/** The error for a refusal verdict. */
export function errorFor(verdict: { code: string; reason: string }): PureJOSEError;

export class PureJOSEError extends Error { code: ErrorCode; reason: string; constructor(code: string, reason: string); }
export class JWTExpired extends PureJOSEError {}
export class JWTClaimValidationFailed extends PureJOSEError {}
export class JWSSignatureVerificationFailed extends PureJOSEError {}
export class JWKSNoMatchingKey extends PureJOSEError {}
export class JOSEAlgNotAllowed extends PureJOSEError {}
export class JWTInvalid extends PureJOSEError {}
export class KeyInvalid extends PureJOSEError {}
