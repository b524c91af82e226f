import Foundation
import JOSE
import JOSEVapor
import Testing
import Vapor

// req.jose.apple / .google / .microsoft against a fake provider serving RS256 keys over HTTP on 127.0.0.1.

struct GoogleClaims: Encodable {
    var iss = "https://accounts.google.com"
    var aud = "1234.apps.googleusercontent.com"
    var sub = "google-user"
    var iat = Int64(now())
    var exp = Int64(now()) + 600
    var email = "u@example.com"
    var email_verified = true
    var hd: String? = "example.com"
}

struct MicrosoftClaims: Encodable {
    var iss = "https://login.microsoftonline.com/tenant-1/v2.0"
    var aud = "00000000-aaaa-bbbb-cccc-000000000001"
    var sub = "ms-user"
    var tid = "tenant-1"
    var iat = Int64(now())
    var exp = Int64(now()) + 600
}

func signed(_ claims: some Encodable, _ key: JWKPrivateKey = appleRSA1) -> String {
    try! JWTSigner(key: key, algorithm: .rs256).sign(claims)
}

@Suite(.timeLimit(.minutes(1)))
struct ProviderPresetTests {
    @Test func appleGoogleAndMicrosoftPresetsVerifyOverTheProvidersKeys() async throws {
        let provider = FakeProvider(jwks: publicSetJSON([appleRSA1]))
        try await withServers { servers in
            let p = try await servers.start { provider.routes($0) }
            let s = try await servers.start { app in
                var keys = RemoteJWKS.Configuration()
                keys.allowInsecureHTTPForTesting = true
                let url = "http://127.0.0.1:\(p)/auth/keys"
                app.jose.apple = .init(keysURL: url, applicationIdentifier: clientID)
                app.jose.apple.jwksConfiguration = keys
                app.jose.google = .init(keysURL: url)
                app.jose.google.jwksConfiguration = keys
                app.jose.microsoft = .init(keysURL: url, applicationIdentifier: "00000000-aaaa-bbbb-cccc-000000000001")
                app.jose.microsoft.jwksConfiguration = keys
                app.get("apple") { req async throws -> String in try await req.jose.apple.verify().subject }
                app.get("apple-nonce") { req async throws -> String in try await req.jose.apple.verify(nonce: "n-1").subject }
                app.get("google") { req async throws -> String in
                    try await req.jose.google.verify(applicationIdentifier: "1234.apps.googleusercontent.com",
                                                     gSuiteDomainName: "example.com").subject
                }
                app.get("microsoft") { req async throws -> String in try await req.jose.microsoft.verify().subject }
                app.get("microsoft-tenant-2") { req async throws -> String in
                    try await req.jose.microsoft.verify(tenantID: "tenant-2").subject
                }
            }
            let base = "http://127.0.0.1:\(s)"
            func check(_ path: String, _ token: String, _ status: Int, _ code: String? = nil) async throws {
                let r = try await get("\(base)/\(path)", authorization: ["Bearer \(token)"])
                #expect(r.status == status, "\(path) \(code ?? "")")
                if let code { #expect(r.wwwAuthenticate?.contains("error_description=\"\(code)\"") == true, "\(r.wwwAuthenticate ?? "-")") }
            }
            // Apple.
            try await check("apple", appleRS256(nonce: nil), 200)
            try await check("apple", appleRS256(nonce: nil, aud: "com.other.app"), 401, "audienceMismatch")
            try await check("apple", appleRS256(nonce: nil, exp: -3600), 401, "expired")
            try await check("apple", appleRS256(appleRSA2, nonce: nil), 401, "keyNotFound")
            try await check("apple-nonce", appleRS256(nonce: "n-1"), 200)
            try await check("apple-nonce", appleRS256(nonce: "n-2"), 401, "nonceMismatch")
            #expect(try await get("\(base)/apple").status == 401)
            // Google: both issuer spellings, the Workspace domain.
            try await check("google", signed(GoogleClaims()), 200)
            try await check("google", signed(GoogleClaims(iss: "accounts.google.com")), 200)
            try await check("google", signed(GoogleClaims(iss: "https://accounts.evil.com")), 401, "providerClaims")
            try await check("google", signed(GoogleClaims(hd: "other.com")), 401, "providerClaims")
            try await check("google", signed(GoogleClaims(hd: nil)), 401, "providerClaims")
            try await check("google", signed(GoogleClaims(aud: "other.apps.googleusercontent.com")), 401, "audienceMismatch")
            // Microsoft: the issuer must be the token's own tenant's; a tenant-bound route takes only that tenant.
            try await check("microsoft", signed(MicrosoftClaims()), 200)
            try await check("microsoft", signed(MicrosoftClaims(tid: "tenant-2")), 401, "providerClaims")
            try await check("microsoft-tenant-2", signed(MicrosoftClaims()), 401, "issuerMismatch")
            try await check("microsoft-tenant-2",
                            signed(MicrosoftClaims(iss: "https://login.microsoftonline.com/tenant-2/v2.0", tid: "tenant-2")), 200)
            // An HS256 token is refused whatever its key: the presets allow RS256 only.
            try await check("apple", hs256(["iss": "https://appleid.apple.com", "aud": clientID, "sub": "x",
                                            "exp": Int(now()) + 60, "iat": Int(now())], key: key1, kid: "apple-rsa-1"),
                            401, "algorithmNotAllowed")
            // All three presets share the one cached set of that URL: one fetch in all — the unknown kid came within
            // the minimum refresh interval (60 s) of the first fetch, so it did not refetch.
            #expect(provider.keyFetches == 1)
        }
    }

    @Test func presetsRefuseInsecureURLsAndMissingClientIDs() async throws {
        try await withServers { servers in
            let s = try await servers.start { app in
                app.jose.apple = .init(keysURL: "http://appleid.apple.com/auth/keys", applicationIdentifier: clientID)
                app.get("apple") { req async throws -> String in try await req.jose.apple.verify().subject }
                app.get("google") { req async throws -> String in try await req.jose.google.verify().subject }
            }
            let t = appleRS256(nonce: nil)
            // Misconfiguration is the server's fault: 500, and no fetch over plain http.
            #expect(try await get("http://127.0.0.1:\(s)/apple", authorization: ["Bearer \(t)"]).status == 500)
            #expect(try await get("http://127.0.0.1:\(s)/google", authorization: ["Bearer \(t)"]).status == 500)
        }
    }
}
