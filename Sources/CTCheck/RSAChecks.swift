import BigNum
import DER
import RSA

// The RSA private operation through the public API (`RSAPrivateKey.signature(for:padding:)`, PKCS#1 v1.5 and PSS)
// for 2048 and 4096 bits: CRT, blinding, Garner, unblinding, verify-before-release. The key is a real one, loaded
// from public test data (loading checks its relations in variable time, once per key: not part of the checked
// path); then the key's secret storage — p, q, d, dP, dQ, qInv and the Montgomery constants of p and q — is tainted
// in place (`taintStoredSecrets`: each byte XORed with undefined memory and the same byte again, its value unchanged).
// The blinding values r and b and PSS's salt come from the system generator, whose output ct-check.sh taints
// (Scripts/ct-taint-random.c). The declassification points (Scripts/ct-check.supp): the blinding inverse of the
// uniformly random r·b, the rejection verdict of a blinding draw (`CT.declassify`), and verify-before-release.
//
// leaky.rsa2048.power runs the p-half exponentiation m^dP mod p with BigNum's public variable-time sliding window
// (branches and table addresses from exponent bits) on a tainted dP: ct-valgrind must report it.

/// Vectors/keys/pyca/Traditional_OpenSSL_Serialization/testrsa.pem (pyca/cryptography test vectors).
let pem2048 = """
-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAubZR/vxN1MmxwDEu5p8IA5kNWlOXhd0U8faIDZGY7h9xs7q7
Hr6Xd4azC+oXDyS3oOexFvLGkIzzdJI5hJJBh4benU4PXz5W176euXHT+KT4EgV8
+fkFO4KdHFTRo0D+XJCm4iilhx2pAHcBQbTG5vKYQJcYyxZGek9f9jiCsgQlUCj0
l0Xe3Hyktcum14rPMrZQ8Gv4GGLtoIVqFOh2ftQIY0IoSm+XUulkNfcRmgXMMiCp
VHdKkx2+vh8asN+drq7bEydBw7XEjhoUJszZVPubUUDBTa7Jp5vpx8jlBhDftInH
U5mZz8FKx1dlurSuio312Ww940wSQ1saAs9uyQIDAQABAoIBAAmnaNIfWIZtaQrr
ePDZJzKqA/qEP5YLB5nfwx59c/HmUDlTxYK+zU3pLSk7OoakKyg3Ux/fxU23Xg0w
cBgBqFwSDpl7zisZKQI0cQ4v1MvnUNP9qrZYk8U5BXohuKIgG05Bi23/R0I5Bajg
sX/dFL07CDTMsKfCA9jmLmq0xlUtm3d4R8h050OsFZQqIYFrsXeRkhXuI1Bk+wp7
O6qvrBSS4psvyA3Ba2M1Jdg+7XP6R6VamJQUilA1jrlMYrGehPPX2vhmzWpgaSDV
S6QdeqZI53fVJp/gCxKoz1zPgj9iwejcRC7Dp+M1aRP0RJGbqkpccpk0WBdUO0rd
X5waR38CgYEA+DN/vNS1ThTUImiJcl2dxxPkDIfmLOGIalF8cps9Ez3FGb+wJggX
iFCdK1A7wJZr3GfEV3HkH5hEzuG+losyY3NdbEfZgdrP3h/iEQxKy/5lZZmJC48T
HCDSRokZWfRdBtT63yBflPnqBQxmHv3HYNdHGhljvxYzODfvbcT4268CgYEAv4wq
1UrPZ/i2h4SfkezkdhkB6KvIsLyGBPVeZK1BOmIC27KOrARj+HgRwcqCaw7q+1PR
FbUN5ad190xenPgWG/wDD15AJmQ4jqHvfQrehVWeTmjO9RnLT1guxB+ZQknYuGCn
Qz8GEjIoJ6h7PMDXhQdYEbdrzLyQ/xU6EVkvowcCgYEA4M3MUd0bBkjJRw0GCOcQ
BANZF5xzd40jAKEjpa5DqEzXXBYJ1riXj+jsIhH+vNXBhhUaedV3OMKy9+rxs+sJ
zZftMyj0sa/dfKPGH4jRqmiVsGta/HQva9eyfR6qLpatN4XqX/QzfnzJYJ81U7aq
QmVaSiJa/PV/mNjY7MRuXpMCgYEAkErtpVlCnocMMVAlyI6Ul6ZE+toVR5Xsu2V/
YwXkwi89CfUbZtez22PPtJVx42YMe6FrOxf1zQ92XQGJsGNufEw+neAZIRKUTFYO
i7qZYAXcSCLJ7Hcu4amDKTjIgdgRSut8dLrQPvrLpvxTQbPfZpXesRHkQgm2jIGY
CaOOsBcCgYA3ijrhl4w4Hc47SGsDhgHPBt+ndof9zS1WcyOAv/TzLuwgAnA0vNU7
6AFi5AVKt/79vD5f6SOqgTDSyasB1qcP2jYV8GaIbqYQ4Gwpz1wuBkmkDKk28pC3
ec2eK8O4cJUmZn91oQFuJorjuVAa5GluyMGvCdxWeAQVH96xSG7lEg==
-----END RSA PRIVATE KEY-----
"""

/// Vectors/rsa/generated/rsa4096-pkcs1.pem (a test key generated for this project's vector set).
private let pem4096 = """
-----BEGIN RSA PRIVATE KEY-----
MIIJKQIBAAKCAgEAnny1dANRhrd556wWuQVfx0/2XEku3ul2A+YgRBZa3dvcEWTQ
bes3JL9eLDerpXVHhVWSyl79P+Nowteo2zKZuTD13rbSl6ltRrrcUsr6cFoE+P7E
DIWRDfWPD/fDIQEiiEw113tcPyc6bXNzozY0jcqiG9dq9aBqXideOHKxDxIADIwI
PRhoXozkPKSBgQ6LEbbN75k9oRfDddYUOFmlRQzx8NQt995iU4t8bk9pvxPDp94g
TnkExkUgXgYcOAcre2YE+ZSr4jxgV/FYj1AkNZBeYS1cp7+XkdpHNECtUhgy/WxC
7+FSrabLV/ni03f6R1XYuxA3KAidG20SPnS5m+nRkE2IHYpoaV05lEdVHUZl9ZA3
TmT3euDMSYVFIyi+YfJKBmFYmUlOs8SHJU2rjsARjgfLzMSz96atl6nAL07saBQ1
o/UMKuwk6ZFnOVq3N5P971rYUd6jY7kl+wyvaOYPsaGZhUMnR9ebYlM+yjbE/xp6
I/6GNZ+d/+Het7Z9DDSUt0WdNhQlA+sasKCcvBZsUyBuO+w6BQm0IpVUbtx9vPNu
EzdhsmxDpyIWKR4ii1CVswYsEkBEFmFVsna01yvhFvLPM7k4qaCMZ+qx3qkygcsb
ZE3ytbgHH8UZ5eZyb96J+9/tF0GaZq+LEWGO1TNnQIWu2TWNbV24gcFeaokCAwEA
AQKCAgAHTGrTYYfw8+syABkl/Glry9+me9Tj/WA9/GxhEYUUbivNN3VbkbQYjEe8
skEEeo+bqqduJaybDNcV9ylmrZOdNU2mHwkfMVvGLYd4a5ikl5l4Uv+TX3JHSfC3
tXssfnlV4zaTVz7vn8syktkqlSEB8TWabroiMh874BG+q6KoqEJNOASoHAMW0zB7
WqY/ghX+78o98RkAtzZJ3qnQBFBwJKq4PB+aztVJD78gJr/4RYnicoA0q1RZzufX
VKFnjIYtpYxvzVXGC+3YfVWMxTRjRn3GLJKo0F6qEy4cw3UhdvPs+wrKsh4LcuDI
SvDUBSFgnoNmB/B8tqE8WL9FySMD+8U8SXI1MRn1BtmMojLY/a7dF1uI/HRz7XTM
I3vwRO1Uf9YAAIkfPxW33n6RyKILzHBflJ5qlbK8cHBUtKgBW7MkWmY0RF6igil9
Yi/+W5Ua8E78nVXh7UFfZmJ3A1Xdog0q5cNG4LntpjMdzGosOLF1bH4IsGO6dKfs
ZcKpZPiKRnF21mqgSZ2ITV5/QBwjRWQNV6qKDJXgNTaiMatPgYoJ4lbxlAocS18h
3sefXYtHmhjaJE0m5UFGvnMJiiKqphzewcuVPRPEIGsv6IT+mLvxEcTNT63L3C8p
anFYDtlxd/thHja0KojEfyGnwHOymIDP+U0BDN7YJFRvBkipVQKCAQEA0ZOyRuK2
pbaRlnah77HnTj6VHxW4YhzHuKsakYamlKfJBppsZjl46ZGepvsZGC0YODP/Fc36
JWnYvXAivWfkmKoqcwAKghiXd5FzTHhag/rApP7+7Eqj+QrQarB/cIMo5p3HxsIP
HQr7rpMYJ/QtgGS2XLcPhmbiEFChQ2Dc8PcOHHsZo6OgXdcdLgzLrQgPl/DA+MJw
BA09TX9X+X9qezC2F0uBDMeh6zDfQeMMmnyhqE2i2BA5oM6V20rIkOpsOjeizD6P
LurcU6Ajjsm6MbjvBhbqwUnZrVuuprDwhk0K/mq7J3jS2kNtjzABWp9PVFRFykHf
XynYL9g8Xqh6fQKCAQEAwZfoALEljazFtngTJuvKXVN3NORU45+XqR4o73znzDHK
Ev9JA66zCVyzuHkUMeDFKbOcnGWada6dp92DkJQF4K7VykjGyO6fywty3qsPI5jx
c2Kp4ffTYqnNcYtwgbbQtFJKpM6ty/XMZcS/5GyebcCaexhBrHPSvqOzv7L0Dwyd
jeUG8kI8QANBb3IPZXTkalosXJF4bAwOWv/zSQx45Jg3VXamdR6oKSTCeuIqS+yO
0XIcY9yTtTbX6QlxYz9iv2K/clruEXTKXwKfw4FPZ+ku32iIn8YZVQlQwijxSaR2
Kh0DdBbYShCA+7MFbp1krhnUsTB+KMLUU+8X7oRh/QKCAQBB/Zu5LlIMw/v7wMck
zoPi41nZO+GfIyjQQTBQenGhhWOLLLzNQ3OLOEsYkSBJuIlTySudFgqaFUYmAFUw
BrK4T3ymUXD9nfizsZz4iz0VKbPXQGPMy4PuOzV9Iq4+I06Rr0TklN5larvtMGv+
yKg7MXsqnonI7ERqlrjwmmN3jJNo7GoaWL96TO3nPig0B8HBOhHJQpA69mBDMsHk
0fYZbDEqDKBKAeI+SFlESdYCHxRYBnosRo+ezu3o6xdUajxB6JrebSRwxYsy2c3Y
fDSgy3aYGEc7LaHZMHFCE5zo7QF1Mu5Tc3wRNgIdgCQtANTd3NtM4IkRUf+8sP3x
YGORAoIBAQCeINFNN2UgOt5n895Y7UInRtTY7CR2pNYBOnRfYdwISybuq3zdOCZf
YEwgQy3+q8UAEgi7Kramp1F5WxNq1a2TX9ua1iUg3ODCvgA+5uR/xB58jDuNKpuM
PHxl4WqtWUFR+OGlinglYAlrmvDOyPYDWc4U+7QxA45BT3+z9p0pabmLvGYXHYkP
FFmviTAQRBGK2Urg9aWyQ4q6Q9RZd4mL1tVjxn2irr7WlIMSUogP6hKh+54652Hz
I+/qFl96nLyw7RzJcIKC2a2vO3p5+7Z7ftldfIoUT4BDmE9RuJWV/HLUZUx712kl
3iMs9IZcWs1w9AJqFN0HuFQsluAqYBGVAoIBAQDIYN+146hPKp2SRHlvyxvdwGyC
hROS6EN4IPlE16wyr1xDrQVZm1ZZ/+kszNEBPCmnm3d+wSQ5/W9NA5PunCxBroqu
QMnfSzMUhK/Jgl4/OnSvjvA/AVF/fdyjPIY1gRUYPMhuJqP3ooCcwsb/M5/Tzv+F
lxk4XsMfwHA0izp3tJJu6p0vC8wLLVunCtwvWX0wULXw9dfG52F9CJ7LEjolQtbZ
kr9rLciOFF0fyVfxKrotNp1D85YDvcZxybDHnGqu9f6L9sQTYfGWHeXCMuiTTvuT
eGxn/ymeYUqyPv/5XMchPNC/MLfb9Kzai0QUbUvMNBGRrdB1tB1DzcTvoufw
-----END RSA PRIVATE KEY-----
"""

/// A fixture key with its secret storage tainted.
private func secretKey(bits: Int) -> RSAPrivateKey {
    let key: RSAPrivateKey
    do { key = try RSAPrivateKey(pemRepresentation: bits == 2048 ? pem2048 : pem4096) } catch { fatalError("key: \(error)") }
    taintStoredSecrets(of: key, path: ["secrets"], pointer: "storage", limbCount: "count")
    return key
}

private let message = Array("ct-check: an RSA signing input of public bytes".utf8)

private func rsaCheck(_ name: String, bits: Int, padding: RSAPadding) -> CTCheck {
    CTCheck(name: name) {
        let key = secretKey(bits: bits)
        // Publishing the signature is the output; a fault (.signingFailed) would throw.
        keep(try! key.signature(for: message, padding: padding))
    }
}

let rsaChecks: [CTCheck] = [
    rsaCheck("rsa2048.sign", bits: 2048, padding: .pkcs1v1_5(.sha256)),
    rsaCheck("rsa2048.sign.pss", bits: 2048, padding: .pss(.sha256)),
    rsaCheck("rsa4096.sign", bits: 4096, padding: .pkcs1v1_5(.sha256)),
    CTCheck(name: "leaky.rsa2048.power") {
        // p and dP of the 2048-bit fixture (PKCS#1 export: public API), dP tainted.
        let der = try! RSAPrivateKey(pemRepresentation: pem2048).pkcs1DERRepresentation
        let parts = try! PKCS1RSAPrivateKey(derEncoded: der)
        guard let ctx = MontgomeryContext(modulus: BigUInt(bigEndianBytes: parts.prime1)) else { fatalError("p") }
        let m = BigUInt(bigEndianBytes: [UInt8](repeating: 0x5a, count: parts.prime1.count - 1))
        keep(ctx.powerVarTime(m, slidingWindowExponent: BigUInt(bigEndianBytes: tainted(parts.exponent1))))
    },
]
