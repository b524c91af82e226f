import DER
import JOSE

/// PEM/DER public keys ↔ JWKs, built on PureJOSE's DER containers and JWK constructors.
enum KeyConversion {
    /// PEM labels of private keys: refused, with a message saying so.
    static let privateLabels: Set<String> = ["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY"]

    /// A JWK for the public key in a PEM document: `PUBLIC KEY` (SubjectPublicKeyInfo, RFC 5280 §4.1)
    /// or `RSA PUBLIC KEY` (PKCS#1 RSAPublicKey, RFC 8017 §A.1.1).
    static func jwk(pem text: String) throws(ConversionError) -> JWK {
        let document: PEMDocument
        do {
            document = try PEMDocument(pemString: text)
        } catch {
            throw ConversionError("\(error)")
        }
        switch document.label {
        case "PUBLIC KEY":
            return try jwk(spki: document.derBytes)
        case "RSA PUBLIC KEY":
            return try jwk(pkcs1: document.derBytes)
        case let label where privateLabels.contains(label):
            throw ConversionError("it holds a private key (\(label)); give the public key")
        case let label:
            throw ConversionError("PEM label '\(label)' is not a public key (expected PUBLIC KEY or RSA PUBLIC KEY)")
        }
    }

    /// A JWK for a DER SubjectPublicKeyInfo or PKCS#1 RSAPublicKey.
    static func jwk(der bytes: [UInt8]) throws(ConversionError) -> JWK {
        do {
            return try jwk(spki: bytes)
        } catch let spkiError {
            guard (try? PKCS1RSAPublicKey(derEncoded: bytes)) != nil else { throw spkiError }
            return try jwk(pkcs1: bytes)
        }
    }

    static func jwk(spki bytes: [UInt8]) throws(ConversionError) -> JWK {
        let info: SubjectPublicKeyInfo
        do {
            info = try SubjectPublicKeyInfo(derEncoded: bytes)
        } catch {
            throw ConversionError("not a SubjectPublicKeyInfo: \(error)")
        }
        switch info.algorithm {
        case .rsaEncryption:
            return try jwk(pkcs1: info.subjectPublicKey)
        case .rsassaPSS:
            throw ConversionError("an RSASSA-PSS-restricted key (id-RSASSA-PSS) has no JWK form that keeps its restriction")
        case .ecPublicKey(let named):
            let curve: JWK.Curve
            switch named {
            case .p256: curve = .p256
            case .p384: curve = .p384
            default: throw ConversionError("the curve \(named) is not supported (P-256 and P-384 are)")
            }
            let point = info.subjectPublicKey, n = curve.coordinateByteCount
            guard point.count == 1 + 2 * n, point.first == 0x04 else {
                throw ConversionError("only uncompressed EC points (SEC 1 §2.3.3, 0x04‖x‖y) are supported")
            }
            do {
                return try JWK(curve: curve, x: Array(point[1...n]), y: Array(point[(n + 1)...]))
            } catch {
                throw ConversionError(describe(error))
            }
        }
    }

    static func jwk(pkcs1 bytes: [UInt8]) throws(ConversionError) -> JWK {
        do {
            let key = try PKCS1RSAPublicKey(derEncoded: bytes)
            return try JWK(rsaModulus: key.modulus, exponent: key.publicExponent)
        } catch {
            throw ConversionError(describe(error))
        }
    }

    /// The SubjectPublicKeyInfo of a JWK's public key, PEM-armoured (RFC 7468 §13).
    static func pem(_ key: JWK) throws(ConversionError) -> String {
        switch key.keyType {
        case .rsa:
            guard let n = key.modulus, let e = key.publicExponent else { throw ConversionError("RSA key without n or e") }
            return SubjectPublicKeyInfo(rsaPublicKey: PKCS1RSAPublicKey(modulus: strip(n), publicExponent: strip(e))).pemString
        case .ec:
            guard let x = key.x, let y = key.y, let curve = key.curve else { throw ConversionError("EC key without x, y or crv") }
            let named: ECNamedCurve = curve == .p256 ? .p256 : .p384
            return SubjectPublicKeyInfo(algorithm: .ecPublicKey(named), subjectPublicKey: [0x04] + x + y).pemString
        case .oct:
            throw ConversionError("an oct (HMAC) key is a shared secret and has no PEM form")
        }
    }

    /// Big-endian magnitude without leading zero bytes (DER INTEGERs are minimal).
    private static func strip(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { $0 != 0 }) else { return [0] }
        return Array(bytes[first...])
    }
}

struct ConversionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
