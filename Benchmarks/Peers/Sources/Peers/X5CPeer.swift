// jwt-kit's X5CVerifier (swift-certificates underneath) on the Apple-shaped chain and x5c token of
// Vectors/x5c-tokens (P-384 root and intermediate, P-256 leaf): the peer side of the x509 rows. Imports no
// PureJOSE module (swift-certificates' `Certificate` and jwt-kit's `X5CVerifier` share PureJOSE's type names).
import Foundation
import JWTKit
import X509

enum X5CPeer {
    static let validationDate = Date(timeIntervalSince1970: 1_767_225_600)

    /// The token's claims; `exp` is checked at the validation time, as the PureJOSE side does.
    struct Claims: JWTPayload {
        var iss: IssuerClaim
        var sub: SubjectClaim
        var exp: ExpirationClaim
        var iat: IssuedAtClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {
            try exp.verifyNotExpired(currentDate: X5CPeer.validationDate)
            guard iss.value == "x5c-test" else { throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "issuer") }
        }
    }

    /// Parses the three certificates (leaf, intermediate, root) from DER.
    static func parse(_ ders: [[UInt8]]) -> () -> Bool {
        { (try? ders.map { try Certificate(derEncoded: $0) })?.count == 3 }
    }

    /// Validates leaf → intermediate → root at the fixed time with RFC 5280's policy, through jwt-kit.
    static func validator(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) throws -> () async -> Bool {
        let verifier = try X5CVerifier(rootCertificates: [Certificate(derEncoded: root)])
        let chain = try [leaf, intermediate].map { try Certificate(derEncoded: $0) }
        return {
            guard let result = try? await verifier.verifyChain(certificates: chain, policy: { RFC5280Policy(validationTime: validationDate) }) else {
                return false
            }
            if case .validCertificate(let path) = result { return path.count == 3 }
            return false
        }
    }

    /// Cold: jwt-kit's X5CVerifier made for each validation.
    static func coldValidator(leaf: [UInt8], intermediate: [UInt8], root: [UInt8]) throws -> () async -> Bool {
        let r = try Certificate(derEncoded: root)
        let chain = try [leaf, intermediate].map { try Certificate(derEncoded: $0) }
        return {
            guard let verifier = try? X5CVerifier(rootCertificates: [r]),
                  let result = try? await verifier.verifyChain(certificates: chain, policy: { RFC5280Policy(validationTime: validationDate) }) else {
                return false
            }
            if case .validCertificate(let path) = result { return path.count == 3 }
            return false
        }
    }

    /// Cold: jwt-kit's X5CVerifier made for each token.
    static func coldTokenVerifier(token: String, root: [UInt8]) throws -> () async -> Bool {
        let r = try Certificate(derEncoded: root)
        return {
            guard let verifier = try? X5CVerifier(rootCertificates: [r]) else { return false }
            return (try? await verifier.verifyJWS(token, as: Claims.self, validationTime: .fixed(validationDate))) != nil
        }
    }

    /// Verifies the whole x5c token (chain at the fixed time, ES256 signature, claims).
    static func tokenVerifier(token: String, root: [UInt8]) throws -> () async -> Bool {
        let verifier = try X5CVerifier(rootCertificates: [Certificate(derEncoded: root)])
        return { (try? await verifier.verifyJWS(token, as: Claims.self, validationTime: .fixed(validationDate))) != nil }
    }
}
