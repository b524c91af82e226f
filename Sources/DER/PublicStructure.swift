import ConstantTime

/// An octet of DER structure — identifier and length octets, small INTEGERs such as versions — published for
/// branching. A private key's DER is secret as a whole (it came out of a constant-time base64 decoder), but its
/// tags and lengths only describe its shape, which the key size determines; publishing them is what lets the
/// reader walk it, while INTEGER and OCTET STRING contents are never branched on (see `unsignedIntegerMagnitude`).
/// Listed in `Scripts/ct-check.supp` (`CT.declassifyByte`).
@inline(__always)
func publicOctet(_ b: UInt8) -> UInt8 { CT.declassifyByte(b) }
