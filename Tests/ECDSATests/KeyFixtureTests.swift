import Testing
import ECDSA
import DER
import TestSupport

// Key fixtures of Vectors/keys (see keys/MANIFEST.md): SEC 1 point decompression against OpenSSL's
// coordinates, the RFC 6979 SPKI keys, and SPKIs this module must refuse (explicit curve parameters,
// other curves).

@Suite("ECDSA key fixtures")
struct KeyFixtureTests {
    /// pyca/EC/compressed_points.txt: 02/03‖X must decompress to OpenSSL's (X, Y) on P-256 / P-384;
    /// points of other curves are counted as skipped.
    @Test func compressedPoints() throws {
        let file = "keys/pyca/EC/compressed_points.txt"
        let recs = try CAVP.load(file)
        var ran = 0, skipped = 0
        for rec in recs {
            let point = rec.hex("POINT")
            let want: [UInt8]
            let got: [UInt8]
            switch rec["CURVE"] {
            case "SECP256R1":
                want = [4] + coordinate(rec["X"]!, 32) + coordinate(rec["Y"]!, 32)
                got = try P256.Signing.PublicKey(compressedRepresentation: point).x963Representation
                #expect(try P256.Signing.PublicKey(x963Representation: want).compressedRepresentation == point)
            case "SECP384R1":
                want = [4] + coordinate(rec["X"]!, 48) + coordinate(rec["Y"]!, 48)
                got = try P384.Signing.PublicKey(compressedRepresentation: point).x963Representation
                #expect(try P384.Signing.PublicKey(x963Representation: want).compressedRepresentation == point)
            default:
                skipped += 1
                continue
            }
            #expect(got == want, "\(file) line \(rec.line)")
            ran += 1
        }
        Vectors.report(file, cases: ran, detail: "\(skipped) points of other curves skipped")
        #expect(ran == 2 && skipped == 2)
    }

    @Test func rfc6979PublicKeys() throws {
        let p256 = try P256.Signing.PublicKey(pemRepresentation: try Vectors.text("keys/rfc6979/p256_spki_public.pem"))
        // RFC 6979 §A.2.5 public key Ux.
        #expect(p256.rawRepresentation.prefix(32) == hex("60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")[...])
        let p384 = try P384.Signing.PublicKey(pemRepresentation: try Vectors.text("keys/rfc6979/p384_spki_public.pem"))
        // RFC 6979 §A.2.6 public key Ux.
        #expect(p384.rawRepresentation.prefix(48) == hex("EC3A4E415B4E19A4568618029F427FA5DA9A8BC4AE92E02E06AAE5286B300C64DEF8F0EA9055866064A254515480BC13")[...])
        let p521 = try Vectors.text("keys/rfc6979/p521_spki_public.pem")
        #expect(errorCode { _ = try P256.Signing.PublicKey(pemRepresentation: p521) } == .unsupportedCurve)
        #expect(errorCode { _ = try P384.Signing.PublicKey(pemRepresentation: p521) } == .unsupportedCurve)
        #expect(errorCode { _ = try P256.Signing.PublicKey(pemRepresentation: p384.pemRepresentation) } == .unsupportedCurve)
        // The round trip keeps the DER bytes exactly (the file's PEM uses 76-column lines, ours 64).
        let doc = try PEMDocument(pemString: try Vectors.text("keys/rfc6979/p256_spki_public.pem"))
        #expect(p256.derRepresentation == doc.derBytes)
    }

    @Test func pycaPublicKeys() throws {
        let pem = try Vectors.text("keys/pyca/PEM_Serialization/ec_public_key.pem")
        let der = try Vectors.bytes("keys/pyca/DER_Serialization/ec_public_key.der")
        let a = try P256.Signing.PublicKey(pemRepresentation: pem)
        let b = try P256.Signing.PublicKey(derRepresentation: der)
        #expect(a.x963Representation == b.x963Representation)
        #expect(a.derRepresentation == der)
        // Explicit curve parameters (RFC 5480 requires namedCurve), and secp256k1, are refused.
        for f in ["secp256r1-pub-explicit-no-seed.pem", "secp256r1-pub-explicit-seed.pem",
                  "secp384r1-pub-explicit-no-seed.pem", "secp256k1-pub-explicit-no-seed.pem"] {
            let text = try Vectors.text("keys/pyca/EC/" + f)
            #expect(errorCode { _ = try P256.Signing.PublicKey(pemRepresentation: text) } != nil, "\(f)")
            #expect(errorCode { _ = try P384.Signing.PublicKey(pemRepresentation: text) } != nil, "\(f)")
        }
        // A private key is not a public key.
        let priv = try Vectors.text("keys/pyca/PEM_Serialization/ec_private_key.pem")
        #expect(errorCode { _ = try P256.Signing.PublicKey(pemRepresentation: priv) } == .invalidKeyEncoding)
    }
}
