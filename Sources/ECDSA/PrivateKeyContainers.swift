// Reading and writing EC private keys in their DER containers, on the DER module's parsers: SEC1
// `ECPrivateKey` (RFC 5915) and PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` (RFC 5208, RFC 5958), bare or
// in PEM. DER errors become named `ECDSAError` codes; the curve arithmetic (range of d, d·G against a stored
// public key) is the caller's.

import DER

enum ECPrivateKeyContainers {
    /// What a container held: d (big-endian, the curve's length — DER checks it) and the public keys stored
    /// alongside it (SEC1 `[1]`, PKCS#8 v2 `[1]`), which must all equal d·G.
    struct Parsed {
        var d: [UInt8]
        var publicKeys: [[UInt8]]
    }

    /// A DER SEC1 or PKCS#8 key for `curve`. The structure is told apart by the element after the version:
    /// an AlgorithmIdentifier SEQUENCE (PKCS#8) or the private key OCTET STRING (SEC1).
    static func parse(der: [UInt8], curve: ECNamedCurve) throws(ECDSAError) -> Parsed {
        if PKCS8PrivateKeyInfo.hasPrivateKeyInfoLayout(der) {
            return try parsePKCS8(der, curve: curve)
        }
        return try parseSEC1(der, curve: curve)
    }

    /// A PEM block; its label decides the structure (RFC 7468 §10 `PRIVATE KEY`, RFC 5915 §4 `EC PRIVATE KEY`).
    static func parse(pem: String, curve: ECNamedCurve) throws(ECDSAError) -> Parsed {
        let doc: PEMDocument
        do throws(DERError) {
            doc = try PEMDocument(pemString: pem)
        } catch {
            throw mapped(error, "PEM private key")
        }
        switch doc.label {
        case "EC PRIVATE KEY": return try parseSEC1(doc.derBytes, curve: curve)
        case "PRIVATE KEY": return try parsePKCS8(doc.derBytes, curve: curve)
        default:
            throw ECDSAError.make(.invalidKeyEncoding, "PEM label \"\(doc.label)\": expected EC PRIVATE KEY or PRIVATE KEY")
        }
    }

    static func parseSEC1(_ der: [UInt8], curve: ECNamedCurve) throws(ECDSAError) -> Parsed {
        let key: SEC1ECPrivateKey
        do throws(DERError) {
            // Parameters absent: the caller's curve is the key's (RFC 5915 §3 lets the context name it).
            key = try SEC1ECPrivateKey(derEncoded: der, curve: curve)
        } catch {
            throw mapped(error, "SEC1 ECPrivateKey", inconsistent: .unsupportedCurve)
        }
        return Parsed(d: key.privateKey, publicKeys: key.publicKey.map { [$0] } ?? [])
    }

    static func parsePKCS8(_ der: [UInt8], curve: ECNamedCurve) throws(ECDSAError) -> Parsed {
        let info: PKCS8PrivateKeyInfo
        do throws(DERError) {
            info = try PKCS8PrivateKeyInfo(derEncoded: der)
        } catch {
            throw mapped(error, "PKCS#8 PrivateKeyInfo", inconsistent: .inconsistentCurve)
        }
        guard let c = info.algorithm.namedCurve, let key = info.privateKey.ec else {
            throw ECDSAError.make(.unsupportedCurve, "PKCS#8 key is not an EC key")
        }
        guard c == curve else {
            throw ECDSAError.make(.unsupportedCurve, "an EC key on \(c), expected \(curve)")
        }
        var stored: [[UInt8]] = []
        if let p = key.publicKey { stored.append(p) }
        if let p = info.publicKey { stored.append(p) }
        return Parsed(d: key.privateKey, publicKeys: stored)
    }

    /// PKCS#8 v1 around a SEC1 key with the public key and no inner parameters.
    static func pkcs8(curve: ECNamedCurve, d: [UInt8], publicKey: [UInt8]) -> [UInt8] {
        let sec1 = SEC1ECPrivateKey(curve: curve, privateKey: d, publicKey: publicKey, includesParameters: false)
        return PKCS8PrivateKeyInfo(ecPrivateKey: sec1).derEncoded()
    }

    /// A DER error as an `ECDSAError`, by the DER code alone (the DER module names unsupported algorithms and
    /// curves, explicit curve parameters and a wrong private-key length with codes of their own).
    static func mapped(_ e: DERError, _ what: String, inconsistent: ECDSAError.Code = .inconsistentCurve) -> ECDSAError {
        let code: ECDSAError.Code
        switch e.code {
        case .trailingData: code = .trailingData
        case .inconsistentParameters: code = inconsistent
        case .missingParameters, .unsupportedCurve, .unsupportedAlgorithm: code = .unsupportedCurve
        case .explicitCurveParameters: code = .explicitParameters
        case .invalidPrivateKeyLength: code = .invalidPrivateKeyLength
        default: code = .invalidKeyEncoding
        }
        return ECDSAError.make(code, "\(what): \(e.description)")
    }
}
