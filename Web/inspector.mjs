// The token inspector's page logic: everything runs locally through purejose.mjs / purejose.wasm.
import * as PureJOSE from "./purejose.mjs";

const $ = (id) => document.getElementById(id);
const dateClaims = new Set(["exp", "nbf", "iat", "auth_time", "updated_at"]);

/** JSON with each date claim followed by its UTC time as a comment. */
function show(object) {
    const lines = JSON.stringify(object, null, 2).split("\n");
    return lines.map((line) => {
        const m = /^ {2}"([^"]+)": (-?\d+(?:\.\d+)?),?$/.exec(line);
        if (m && dateClaims.has(m[1])) {
            const ms = Number(m[2]) * 1000;
            if (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15) return `${line}   // ${new Date(ms).toISOString().replace(".000Z", "Z")}`;
        }
        return line;
    }).join("\n");
}

function parseNow(text) {
    const t = text.trim();
    if (t === "" || t === "now") return Date.now() / 1000;
    if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
    const ms = Date.parse(t);
    if (Number.isNaN(ms)) throw new Error(`"${t}" is neither a UTC date nor seconds since 1970`);
    return ms / 1000;
}

function setVerdict(state, text) {
    const v = $("verdict");
    v.dataset.state = state;
    v.textContent = text;
}

function check() {
    const token = $("token").value.trim();
    const keyText = $("key").value.trim();
    $("header").textContent = "";
    $("claims").textContent = "";
    if (token === "") { setVerdict("empty", "Paste a token."); return; }
    let decoded;
    try {
        decoded = PureJOSE.decode(token);
        $("header").textContent = show(decoded.header);
        $("claims").textContent = show(decoded.claims);
    } catch (e) {
        setVerdict("invalid", `✗ Not a readable token — ${e.code ?? "error"}: ${e.reason ?? e.message}`);
        return;
    }
    if (keyText === "") {
        setVerdict("decoded", "Decoded only — give a JWK Set or a PEM public key to check the signature and claims.");
        return;
    }
    let options;
    try {
        options = { now: parseNow($("now").value), leeway: Number($("leeway").value || 0) };
        for (const name of ["issuer", "audience", "nonce"]) if ($(name).value.trim() !== "") options[name] = $(name).value.trim();
        if (keyText.startsWith("-----BEGIN")) options.pem = keyText;
        else options.jwks = keyText;
    } catch (e) {
        setVerdict("invalid", `✗ ${e.message}`);
        return;
    }
    const r = PureJOSE.verify(token, options);
    if (r.valid) {
        setVerdict("valid", `✓ Verified: ${r.header.alg} signature by key ${r.header.kid ? `"${r.header.kid}"` : "(no kid)"}, claims accepted at ${new Date(options.now * 1000).toISOString()}`);
    } else {
        setVerdict("invalid", `✗ Not valid — ${r.code}: ${r.reason}`);
    }
}

await PureJOSE.load();
for (const id of ["token", "key", "issuer", "audience", "nonce", "now", "leeway"]) $(id).addEventListener("input", check);
$("check").addEventListener("click", check);
document.body.dataset.ready = "true";
check();
