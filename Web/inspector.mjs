// The token inspector's page logic: everything runs locally through purejose.mjs / purejose.wasm.
import * as PureJOSE from "./purejose.mjs";

const $ = (id) => document.getElementById(id);

// A sample: an ES256 token (valid 2026-01-01 … 2036-01-01) and the public JWK Set that verifies it.
const SAMPLE = {
    token: "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6InNhbXBsZS0yMDI2In0.eyJpc3MiOiJodHRwczovL2lzc3Vlci5leGFtcGxlIiwic3ViIjoidXNlci0xMjM0IiwiYXVkIjoiaW5zcGVjdG9yLWRlbW8iLCJpYXQiOjE3NjcyMjU2MDAsIm5iZiI6MTc2NzIyNTYwMCwiZXhwIjoyMDgyNzU4NDAwLCJub25jZSI6Im4tMFM2X1d6QTJNaiIsIm5hbWUiOiJTYW1wbGUgUGVyc29uIiwiZW1haWwiOiJwZXJzb25AZXhhbXBsZS5jb20iLCJlbWFpbF92ZXJpZmllZCI6dHJ1ZSwic2NvcGUiOiJvcGVuaWQgcHJvZmlsZSBlbWFpbCIsImp0aSI6IjBmNmMxYzBlLXNhbXBsZSJ9.GQRQ5ggmFmwQuWpX8loGGcY5X-f_-gW7FPFWSmM-8I-riK-O7G04gEhsKcKmznb6fSu4ZSf-jbx40UyONC-AyQ",
    key: `{
 "keys": [
  {
   "kty": "EC",
   "x": "QBsS_KxXW6K5bWO6pe0Tfdy29ftjoqQmU6qaf9TaYZY",
   "y": "3CQDtlVLjd6oV-wEssxGrFR-rG30g1nTcgvnKvVClTc",
   "crv": "P-256",
   "kid": "sample-2026",
   "use": "sig",
   "alg": "ES256"
  }
 ]
}`,
    issuer: "https://issuer.example",
    audience: "inspector-demo",
};

const dateClaims = new Set(["exp", "nbf", "iat", "auth_time", "updated_at"]);
const claimNotes = {
    iss: "Issuer: who made and signed the token.",
    sub: "Subject: the user or thing the token is about.",
    aud: "Audience: who the token is for (your client id or API); a token for another audience must be refused.",
    exp: "Expiration time: the token must be refused after it.",
    nbf: "Not before: the token must be refused before it.",
    iat: "Issued at: when the token was made.",
    jti: "JWT ID: a unique id, to refuse a replayed token.",
    nonce: "Nonce: the value your app sent with the sign-in request; it must come back unchanged (replay protection).",
    auth_time: "When the user actually authenticated.",
    azp: "Authorized party: the client the token was issued to.",
    at_hash: "Access token hash: binds this ID token to an access token.",
    c_hash: "Code hash: binds this ID token to an authorization code.",
    acr: "Authentication context class: how strongly the user was authenticated.",
    amr: "Authentication methods used (e.g. pwd, mfa).",
    sid: "Session id at the issuer.",
    scope: "Scopes granted (space separated).", scp: "Scopes granted.",
    client_id: "The OAuth client the token was issued to.",
    email: "The user's e-mail address.", email_verified: "Whether the issuer verified the e-mail address.",
    name: "The user's full name.", given_name: "Given name.", family_name: "Family name.",
    preferred_username: "The user's preferred user name.", locale: "The user's locale.", picture: "URL of the user's picture.",
    updated_at: "When the user's information was last updated.",
    roles: "Roles granted to the subject.", groups: "Groups the subject belongs to.",
    cnf: "Confirmation: the key the presenter must prove it holds (proof of possession).",
    act: "Actor: who acts on behalf of the subject (delegation).",
    tid: "Tenant id (Microsoft Entra).", oid: "Object id of the user (Microsoft Entra).", upn: "User principal name.",
    is_private_email: "Apple: the e-mail is a private relay address.",
    real_user_status: "Apple: likely-real-user indicator (0 unsupported, 1 unknown, 2 likely real).",
    nonce_supported: "Apple: whether the platform supports the nonce.",
    org_id: "Organization id.",
};
const headerNotes = {
    alg: "Algorithm of the signature. “none” is never accepted.",
    typ: "Type of the token (e.g. JWT, at+jwt).",
    kid: "Key id: which key of the issuer's JWK Set signed the token.",
    cty: "Content type of the payload (nested tokens).",
    crit: "Header members the verifier must understand, or refuse the token.",
    jku: "URL of a JWK Set. Never trusted: keys come only from what you give here.",
    jwk: "An embedded key. Never trusted for verification.",
    x5c: "An embedded certificate chain. Not used here: give the certificate as the key.",
    x5t: "SHA-1 thumbprint of the signing certificate.", "x5t#S256": "SHA-256 thumbprint of the signing certificate.",
    x5u: "URL of a certificate chain. Never fetched.", b64: "Unencoded payload option (RFC 7797).",
};
// Refusal codes that come after the signature verified (the verifier checks the signature first, then the claims).
const claimStage = new Set(["expired", "notYetValid", "issuedInFuture", "tooOld", "missingClaim", "invalidClaim",
    "issuerMismatch", "audienceMismatch", "subjectMismatch", "nonceMismatch", "typeMismatch"]);

// ---- Times: read and shown in UTC, with relative phrasing.

/** "2026-01-01 00:10:00 UTC". */
function utc(seconds) {
    const ms = seconds * 1000;
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return `${seconds} (not a date)`;
    return new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
}
/** "1 h 2 min", "3 d 4 h", "45 s". */
function span(seconds) {
    let s = Math.round(Math.abs(seconds));
    if (s < 60) return `${s} s`;
    const units = [["y", 31557600], ["d", 86400], ["h", 3600], ["min", 60], ["s", 1]];
    const parts = [];
    for (const [name, size] of units) {
        if (s >= size && parts.length < 2) { parts.push(`${Math.floor(s / size)} ${name}`); s %= size; }
        else if (parts.length) break;
    }
    return parts.join(" ");
}
/** "in 10 min" / "1 h 2 min ago" / "now", relative to `at`. */
function relative(seconds, at) {
    const d = seconds - at;
    if (Math.abs(d) < 1) return "at the check time";
    return d > 0 ? `in ${span(d)}` : `${span(d)} ago`;
}

/** The check time in seconds: "" or "now" is the current time; dates without an offset are UTC. */
function parseNow(text) {
    const t = text.trim();
    if (t === "" || t.toLowerCase() === "now") return { seconds: Date.now() / 1000, current: true };
    if (/^-?\d+(\.\d+)?$/.test(t)) return { seconds: Number(t), current: false };
    const m = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?)?\s*(Z|UTC|[+-]\d\d:?\d\d)?$/i.exec(t);
    if (!m) throw new Error(`“${t}” is not a time: write now, a UTC date such as 2026-01-01 12:00 (or with Z or +02:00), or seconds since 1970`);
    const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
    let ms = Date.UTC(y, mo - 1, d, h, mi, sec);
    const real = new Date(ms);
    if (real.getUTCFullYear() !== y || real.getUTCMonth() !== mo - 1 || real.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) {
        throw new Error(`“${t}” is not a real date and time`);
    }
    ms += Math.round(Number(m[7] ?? 0) * 1000);
    const off = m[8] && !/^(Z|UTC)$/i.test(m[8]) ? /^([+-])(\d\d):?(\d\d)$/.exec(m[8]) : null;
    if (off) ms -= (off[1] === "-" ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3])) * 60000;
    return { seconds: ms / 1000, current: false };
}

// ---- Display helpers (text only: nothing from the token is ever parsed as HTML).

function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
}

/** JSON with each date claim followed by its UTC time and how far from the check time. */
function show(object, at) {
    const lines = JSON.stringify(object, null, 2).split("\n");
    return lines.map((line) => {
        const m = /^ {2}"([^"]+)": (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?),?$/i.exec(line);
        if (m && dateClaims.has(m[1])) {
            const s = Number(m[2]);
            if (Number.isFinite(s) && Math.abs(s) <= 8.64e12) {
                return `${line}   // ${new Date(s * 1000).toISOString().replace(/\.000Z$/, "Z")}, ${relative(s, at)}`;
            }
        }
        return line;
    }).join("\n");
}

function explain(list, object, notes, at) {
    list.replaceChildren();
    if (!object || typeof object !== "object" || Array.isArray(object)) return;
    for (const [name, value] of Object.entries(object)) {
        const dt = el("dt", "", name);
        const dd = el("dd", "", notes[name] ?? "Not a registered claim: its meaning is the issuer's.");
        if (dateClaims.has(name) && typeof value === "number") {
            dd.append(" ", el("span", "when", `${utc(value)} — ${relative(value, at)}.`));
        }
        list.append(dt, dd);
    }
}

function showTokenParts(token) {
    const box = $("token-parts");
    box.replaceChildren();
    if (token === "") return;
    const parts = token.split(".");
    const classes = ["tp-header", "tp-payload", "tp-signature"];
    parts.forEach((p, i) => {
        if (i > 0) box.append(".");
        box.append(el("span", classes[i] ?? "tp-extra", p));
    });
}

let announced = "";
function setVerdict(state, headline, details = []) {
    const v = $("verdict");
    v.dataset.state = state;
    v.replaceChildren(el("p", "headline", headline));
    if (details.length) {
        const ul = el("ul");
        for (const d of details) ul.append(el("li", "", d));
        v.append(ul);
    }
    // Screen readers hear each new verdict once (the verdict region itself is polite and atomic).
    if (headline !== announced) { announced = headline; $("announce").textContent = headline; }
}

// ---- Keys

function keyInput(text) {
    if (text.startsWith("-----BEGIN") || text.startsWith("{")) return text;
    if ($("secret-b64").checked) {
        const bytes = PureJOSE.base64urlDecode(text);
        if (!bytes) throw new Error("the secret is not base64url (A–Z a–z 0–9 - _, no padding); untick “base64url-encoded” to use it as text");
        return bytes;
    }
    return new TextEncoder().encode(text);
}

function describe(key) {
    const box = $("key-info");
    box.replaceChildren();
    if (key === null) return null;
    let d;
    try { d = PureJOSE.describeKey(key); } catch (e) {
        box.textContent = `Key not readable: ${e.reason ?? e.message}`;
        return null;
    }
    const one = (k) => [k.kid !== undefined ? `kid “${k.kid}”` : "no kid", k.kty, k.crv, k.bits ? `${k.bits} bits` : null,
        k.alg ? `alg ${k.alg}` : null, k.use ? `use ${k.use}` : null].filter(Boolean).join(", ");
    if (d.form === "HMAC secret") {
        box.textContent = `HMAC secret: ${d.keys[0].bits / 8} bytes (${$("secret-b64").checked ? "base64url-decoded" : "the text's UTF-8 bytes"}) — checks HS256, HS384, HS512.`;
    } else if (d.form === "certificate") {
        box.append(`Certificate${d.certificates.length > 1 ? ` chain of ${d.certificates.length}` : ""}: the key of the first (leaf) certificate is used (${d.keys.map(one).join("") || "key type shown by the verifier"}). The chain itself is not verified here.`);
        const ul = el("ul");
        d.certificates.forEach((c, i) => ul.append(el("li", "", `${i === 0 ? "Leaf" : `#${i + 1}`}: ${c.subject || "(empty subject)"} — issued by ${c.issuer || "(empty)"}; valid ${utc(c.notBefore)} to ${utc(c.notAfter)}`)));
        box.append(ul);
    } else {
        box.textContent = `${d.form}${d.form === "JWK Set" ? ` of ${d.keys.length} key${d.keys.length === 1 ? "" : "s"}` : ""}: ${d.keys.map(one).join("; ") || "no keys"}.`;
    }
    return d;
}

// ---- The check

function check() {
    const token = $("token").value.trim();
    const keyText = $("key").value.trim();
    $("header").textContent = "";
    $("claims").textContent = "";
    $("header-notes").replaceChildren();
    $("claim-notes").replaceChildren();
    showTokenParts(token);
    let at;
    try {
        at = parseNow($("now").value);
        const gap = at.seconds - Date.now() / 1000;
        $("now-info").textContent = `Checking at ${utc(at.seconds)}${at.current ? " (now)" : Math.abs(gap) < 1 ? " (now)" : ` — ${span(gap)} ${gap < 0 ? "before" : "after"} the current time`}.`;
    } catch (e) {
        $("now-info").textContent = "";
        describe(keyText === "" ? null : safeKey(keyText));
        setVerdict("invalid", `✗ ${e.message}`);
        return;
    }
    const key = keyText === "" ? null : safeKey(keyText);
    const described = describe(key instanceof Error ? null : key);
    if (key instanceof Error) $("key-info").textContent = key.message;
    if (token === "") { setVerdict("empty", "Paste a token, or press “Sample token”."); return; }
    let decoded;
    try {
        decoded = PureJOSE.decode(token);
    } catch (e) {
        setVerdict("invalid", `✗ Not a readable token — ${e.code ?? "error"}: ${e.reason ?? e.message}`);
        return;
    }
    $("header").textContent = show(decoded.header, at.seconds);
    $("claims").textContent = show(decoded.claims, at.seconds);
    explain($("header-notes"), decoded.header, headerNotes, at.seconds);
    explain($("claim-notes"), decoded.claims, claimNotes, at.seconds);
    const c = decoded.claims ?? {};
    if (key === null || key instanceof Error) {
        const notes = [];
        if (typeof c.exp === "number") notes.push(c.exp <= at.seconds ? `⚠ Expired: exp was ${utc(c.exp)}, ${relative(c.exp, at.seconds)}.` : `exp ${utc(c.exp)}, ${relative(c.exp, at.seconds)}.`);
        if (typeof c.nbf === "number" && c.nbf > at.seconds) notes.push(`⚠ Not valid yet: nbf ${utc(c.nbf)}, ${relative(c.nbf, at.seconds)}.`);
        notes.push("Nothing was verified: the signature, issuer, audience and nonce are unchecked.");
        setVerdict("decoded", key instanceof Error ? `Decoded only — the key is not usable: ${key.message}` : "Decoded only — give a key (JWK, JWK Set, PEM public key or certificate, or HMAC secret) to check the signature and claims.", notes);
        return;
    }
    const options = { key, now: at.seconds };
    const leeway = $("leeway").value.trim();
    if (leeway !== "") {
        const l = Number(leeway);
        if (!Number.isFinite(l) || l < 0) { setVerdict("invalid", `✗ Leeway “${leeway}” must be a number of seconds, 0 or more.`); return; }
        options.leeway = l;
    }
    const asked = {};
    for (const name of ["issuer", "audience", "nonce"]) {
        const v = $(name).value.trim();
        if (v !== "") options[name] = asked[name] = v;
    }
    let r;
    try { r = PureJOSE.verify(token, options); } catch (e) {
        setVerdict("invalid", `✗ ${e.message}`);
        return;
    }
    const when = `${utc(at.seconds)}${at.current ? " (now)" : ""}`;
    const keyName = (k) => !k ? "the key" : [k.kid !== undefined ? `“${k.kid}”` : null, k.kty, k.crv].filter(Boolean).join(" ");
    if (r.valid) {
        const details = [`Signature: ${r.header.alg}, verified with key ${keyName(r.key)} (${described?.form ?? "key"}).`];
        const times = [];
        if (typeof c.exp === "number") times.push(`expires ${utc(c.exp)} (${relative(c.exp, at.seconds)})`);
        if (typeof c.nbf === "number") times.push(`not before ${utc(c.nbf)} (${relative(c.nbf, at.seconds)})`);
        if (typeof c.iat === "number") times.push(`issued ${utc(c.iat)} (${relative(c.iat, at.seconds)})`);
        details.push(`Times at ${when}${options.leeway ? `, leeway ${options.leeway} s` : ""}: ${times.join("; ") || "no exp/nbf/iat"}.`);
        const checked = [];
        if (asked.issuer) checked.push(`issuer is “${asked.issuer}”`);
        if (asked.audience) checked.push(`audience includes “${asked.audience}”`);
        if (asked.nonce) checked.push(`nonce is “${asked.nonce}”`);
        if (checked.length) details.push(`Checked: ${checked.join("; ")}.`);
        const notAsked = ["issuer", "audience", "nonce"].filter((n) => !asked[n]);
        if (notAsked.length) details.push(`Not checked (field empty): ${notAsked.join(", ")}.`);
        setVerdict("valid", `✓ Verified: ${r.header.alg} signature by key ${keyName(r.key)}, claims accepted at ${when}.`, details);
    } else {
        const details = [];
        if (claimStage.has(r.code) || (r.code === "invalidJSON" && /^payload/.test(r.reason))) {
            details.push(`The signature itself is good (${decoded.header?.alg ?? "?"} with the key given); the claims are not.`);
        }
        if (r.code === "expired" && typeof c.exp === "number") details.push(`Expired ${span(at.seconds - c.exp)} before the check time: exp ${utc(c.exp)}, checked at ${when}${options.leeway ? ` with ${options.leeway} s leeway` : ""}.`);
        if (r.code === "notYetValid" && typeof c.nbf === "number") details.push(`Valid only from ${utc(c.nbf)}, ${relative(c.nbf, at.seconds)}; checked at ${when}.`);
        if (r.code === "issuedInFuture" && typeof c.iat === "number") details.push(`Issued at ${utc(c.iat)}, ${relative(c.iat, at.seconds)}; checked at ${when}.`);
        details.push(`Reason: ${r.reason}`);
        setVerdict("invalid", `✗ Not valid — ${r.code}: ${plain(r.code, c, at.seconds)}`, details);
    }
}

/** The refusal in a person's words. */
function plain(code, c, at) {
    switch (code) {
    case "expired": return typeof c.exp === "number" ? `the token expired ${relative(c.exp, at)}` : "the token has expired";
    case "notYetValid": return typeof c.nbf === "number" ? `the token is valid only ${relative(c.nbf, at)}` : "the token is not valid yet";
    case "issuedInFuture": return "the token says it was issued after the check time";
    case "invalidSignature": return "the signature does not match this key — the token was changed, or another key signed it";
    case "keyNotFound": return "no key given has the token's kid (or fits its alg)";
    case "keyMismatch": return "the key does not fit the token's algorithm";
    case "issuerMismatch": return "the issuer is not the one expected";
    case "audienceMismatch": return "the token is for another audience";
    case "nonceMismatch": return "the nonce is not the one expected";
    case "missingClaim": return "a claim that was asked for is missing";
    case "unsecuredAlgorithm": return "alg none (an unsigned token) is never accepted";
    default: return "see the reason below";
    }
}

function safeKey(text) {
    try { return keyInput(text); } catch (e) { return e; }
}

function fill(values) {
    for (const [id, v] of Object.entries(values)) $(id).value = v;
    check();
}

async function copyToken() {
    const token = $("token").value.trim();
    if (token === "") { $("announce").textContent = "Nothing to copy."; return; }
    try {
        await navigator.clipboard.writeText(token);
        $("announce").textContent = "Token copied.";
    } catch {
        // Without clipboard permission: select the text so Ctrl-C / ⌘-C copies it.
        $("token").focus();
        $("token").select();
        $("announce").textContent = "Token selected: press Ctrl-C (⌘-C) to copy.";
    }
    $("copy").textContent = "Copied";
    setTimeout(() => { $("copy").textContent = "Copy"; }, 1500);
}

await PureJOSE.load();
$("file-note").hidden = true;
for (const id of ["token", "key", "issuer", "audience", "nonce", "now", "leeway"]) $(id).addEventListener("input", check);
$("secret-b64").addEventListener("change", check);
$("check").addEventListener("click", () => {
    check();
    // On a phone the verdict is below the fields: bring it into view.
    const r = $("verdict").getBoundingClientRect();
    if (r.top > window.innerHeight || r.bottom < 0) $("verdict").scrollIntoView({ block: "nearest" });
});
$("sample").addEventListener("click", () => fill({ token: SAMPLE.token, key: SAMPLE.key, issuer: SAMPLE.issuer, audience: SAMPLE.audience, nonce: "", now: "", leeway: "0" }));
$("clear").addEventListener("click", () => { $("secret-b64").checked = false; fill({ token: "", key: "", issuer: "", audience: "", nonce: "", now: "", leeway: "0" }); $("token").focus(); });
$("copy").addEventListener("click", () => { copyToken(); });
document.body.dataset.ready = "true";
check();
