// Seeded tokens for every algorithm, signed by Node's own crypto (OpenSSL) — an implementation independent of
// PureJOSE — each either valid or with exactly one defect, and the verdict that defect must get.
// The seed fixes the algorithms, claims, defects and HMAC secrets; the RSA/EC/Ed25519 keys are made fresh per run
// (so are ECDSA signatures), which changes no verdict.
import crypto from "node:crypto";

export const ISSUER = "https://issuer.wasm.example";
export const AUDIENCE = "purejose-wasm";
export const NOW = 1767225600;   // 2026-01-01T00:00:00Z

/** Mulberry32: a small seeded PRNG (the corpus must be the same in every run). */
export function prng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const b64url = (buf) => Buffer.from(buf).toString("base64url");
const text64 = (s) => b64url(Buffer.from(s, "utf8"));

export const ALGORITHMS = ["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512",
    "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

/** Keys for every algorithm: an HMAC set and a public set (PureJOSE refuses a set mixing the two). */
export function makeKeys(random) {
    const secret = (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    const hmac = { HS256: secret(32), HS384: secret(48), HS512: secret(64) };
    const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const ec = {
        "P-256": crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }),
        "P-384": crypto.generateKeyPairSync("ec", { namedCurve: "P-384" }),
        "P-521": crypto.generateKeyPairSync("ec", { namedCurve: "P-521" }),
    };
    const ed = crypto.generateKeyPairSync("ed25519");
    const pub = (pair, kid) => ({ ...pair.publicKey.export({ format: "jwk" }), kid });
    return {
        hmac, rsa, ec, ed,
        hmacSet: { keys: Object.entries(hmac).map(([alg, k]) => ({ kty: "oct", kid: alg.toLowerCase(), k: b64url(k) })) },
        publicSet: { keys: [pub(rsa, "rsa"), pub(ec["P-256"], "p256"), pub(ec["P-384"], "p384"), pub(ec["P-521"], "p521"), pub(ed, "ed")] },
        rsaPublicPEM: rsa.publicKey.export({ format: "pem", type: "spki" }),
    };
}

const kidFor = { HS256: "hs256", HS384: "hs384", HS512: "hs512", ES256: "p256", ES384: "p384", ES512: "p521", EdDSA: "ed", Ed25519: "ed" };

function sign(keys, alg, input) {
    const hash = { 256: "sha256", 384: "sha384", 512: "sha512" }[alg.slice(2)];
    if (alg.startsWith("HS")) return crypto.createHmac(hash, keys.hmac[alg]).update(input).digest();
    if (alg.startsWith("RS")) return crypto.sign(hash, Buffer.from(input), keys.rsa.privateKey);
    if (alg.startsWith("PS")) {
        return crypto.sign(hash, Buffer.from(input), { key: keys.rsa.privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 });
    }
    if (alg.startsWith("ES")) {
        const curve = { ES256: "P-256", ES384: "P-384", ES512: "P-521" }[alg];
        return crypto.sign(hash, Buffer.from(input), { key: keys.ec[curve].privateKey, dsaEncoding: "ieee-p1363" });
    }
    return crypto.sign(null, Buffer.from(input), keys.ed.privateKey);
}

/** Replaces the character at `i` (not the last one of a part, whose trailing bits must stay zero) by another. */
function changeChar(s, i, random) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // One draw per call whatever the text, so the seeded sequence never depends on a (random) signature.
    const c = alphabet[(alphabet.indexOf(s[i]) + 1 + Math.floor(random() * 63)) % 64];
    return s.slice(0, i) + c + s.slice(i + 1);
}

// Each defect and the JWTError code it must get ("valid" for none).
export const DEFECTS = {
    none: "valid", expired: "expired", notYetValid: "notYetValid", issuedInFuture: "issuedInFuture",
    wrongIssuer: "issuerMismatch", wrongAudience: "audienceMismatch", missingExp: "missingClaim",
    signatureChanged: "invalidSignature", payloadChanged: "invalidSignature", signedByOtherKey: "invalidSignature",
    algNone: "unsecuredAlgorithm", algConfusion: "keyMismatch", badBase64URL: "invalidBase64URL",
    duplicateClaim: "duplicateMember", duplicateHeaderMember: "duplicateMember", unknownKid: "keyNotFound",
    extraPart: "malformedToken", padded: "invalidBase64URL", expString: "invalidClaim",
};
const defectNames = Object.keys(DEFECTS);

/** `count` tokens; about a third valid, the rest with one defect each, spread over every algorithm. */
export function makeCorpus(keys, random, count) {
    const out = [];
    for (let i = 0; i < count; i++) {
        const alg = ALGORITHMS[i % ALGORITHMS.length];
        const defect = random() < 0.34 ? "none" : defectNames[1 + Math.floor(random() * (defectNames.length - 1))];
        const kid = alg.startsWith("RS") || alg.startsWith("PS") ? "rsa" : kidFor[alg];
        let header = { alg, typ: "JWT", kid };
        const claims = { iss: ISSUER, sub: `user-${i}`, aud: random() < 0.5 ? AUDIENCE : ["other", AUDIENCE], iat: NOW - 60, exp: NOW + 600, jti: `t${i}`, n: Math.floor(random() * 1e9) };
        if (random() < 0.3) claims.nbf = NOW - 30;
        let headerText, payloadText;
        switch (defect) {
            case "expired": claims.exp = NOW - 100; break;
            case "notYetValid": claims.nbf = NOW + 1000; break;
            case "issuedInFuture": claims.iat = NOW + 1000; break;
            case "wrongIssuer": claims.iss = "https://other.example"; break;
            case "wrongAudience": claims.aud = "someone-else"; break;
            case "missingExp": delete claims.exp; break;
            case "unknownKid": header.kid = "no-such-key"; break;
            case "expString": claims.exp = String(claims.exp); break;
        }
        headerText = JSON.stringify(header);
        payloadText = JSON.stringify(claims);
        if (defect === "duplicateClaim") payloadText = payloadText.replace("{", `{"exp":${NOW + 900},`);
        if (defect === "duplicateHeaderMember") headerText = headerText.replace("{", `{"kid":"${header.kid}",`);
        let token;
        if (defect === "algNone") {
            token = `${text64(JSON.stringify({ alg: "none", typ: "JWT" }))}.${text64(payloadText)}.`;
        } else if (defect === "algConfusion") {
            // HS256 keyed with the RSA public key's PEM text, naming the RSA key: the classic confusion attack.
            const input = `${text64(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "rsa" }))}.${text64(payloadText)}`;
            token = `${input}.${b64url(crypto.createHmac("sha256", keys.rsaPublicPEM).update(input).digest())}`;
        } else {
            const input = `${text64(headerText)}.${text64(payloadText)}`;
            let signature = b64url(sign(keys, alg, input));
            if (defect === "signedByOtherKey") {
                const other = alg.startsWith("HS") ? { ...keys, hmac: { ...keys.hmac, [alg]: Buffer.alloc(keys.hmac[alg].length, 7) } } : null;
                signature = other ? b64url(sign(other, alg, input)) : signature.split("").reverse().join("").replace(/.$/, "A");
            }
            token = `${input}.${signature}`;
            const [h, p, s] = token.split(".");
            if (defect === "signatureChanged") token = `${h}.${p}.${changeChar(s, Math.floor(s.length / 2), random)}`;
            if (defect === "payloadChanged") token = `${h}.${changeChar(p, 5 + Math.floor(random() * (p.length - 8)), random)}.${s}`;
            if (defect === "badBase64URL") token = `${h}.${p.slice(0, 10)}+${p.slice(11)}.${s}`;
            if (defect === "extraPart") token = `${token}.${s}`;
            if (defect === "padded") token = `${h}.${p}.${s}${"=".repeat((4 - (s.length % 4)) % 4 || 4)}`;
        }
        out.push({ id: i, alg, defect, expect: DEFECTS[defect], token, keySet: alg.startsWith("HS") && defect !== "algConfusion" ? "hmac" : "public" });
    }
    return out;
}
