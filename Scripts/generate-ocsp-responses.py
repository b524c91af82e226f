#!/usr/bin/env python3
"""OCSP fixtures for PureX509's OCSP tests (RFC 6960), built with Python `cryptography`'s x509.ocsp.

Writes Vectors/ocsp/: the certificates (issuer CA, the certificate whose status is asked, a delegated responder with
id-kp-OCSPSigning, a responder certificate without it, an unrelated CA), the DER OCSP requests `cryptography` builds
for (certificate, issuer) with SHA-1 and SHA-256 CertIDs, and one DER OCSP response per case with MANIFEST.json
saying what checking it at `checkTime` must give. Each refusal sits beside its accepted twin.

ECDSA signatures are randomised, so the outputs are committed and this script is not part of regenerate.sh.
Usage: python3 Scripts/generate-ocsp-responses.py   (needs cryptography >= 41)
       python3 Scripts/generate-ocsp-responses.py notifications   (only Vectors/ocsp/notifications: the notification
       route's fixtures; the other outputs are left as they are)
"""
import datetime
import json
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

OUT = os.path.join(os.path.dirname(__file__), "..", "Vectors", "ocsp")
T0 = datetime.datetime(2026, 6, 1, 12, 0, 0, tzinfo=datetime.timezone.utc)
CHECK_TIME = T0 + datetime.timedelta(hours=1)
DAY = datetime.timedelta(days=1)


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureJOSE OCSP test"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def cert(subject, subject_key, issuer_name, issuer_key, serial, ca, eku=None):
    b = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(issuer_name)
         .public_key(subject_key.public_key()).serial_number(serial)
         .not_valid_before(T0 - 30 * DAY).not_valid_after(T0 + 365 * DAY)
         .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
         .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                                      data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                                      encipher_only=False, decipher_only=False), critical=True))
    if eku:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=False)
    return b.sign(issuer_key, hashes.SHA256())


def appstore():
    """An App Store-shaped chain (root, intermediate with 1.2.840.113635.100.6.2.1, leaf with 1.2.840.113635.100.6.11.1,
    each below the root with an OCSP URL in authorityInfoAccess), a transaction signed by the leaf, and OCSP answers
    for the leaf and the intermediate: what SignedDataVerifier's online checks are tested with."""
    import base64
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    from cryptography.x509.oid import AuthorityInformationAccessOID, ObjectIdentifier
    d = os.path.join(OUT, "appstore")
    os.makedirs(d, exist_ok=True)
    keys = {n: ec.generate_private_key(ec.SECP256R1()) for n in ("root", "intermediate", "leaf")}

    def build(cn, key, issuer_name, issuer_key, serial, ca, marker, url):
        b = (x509.CertificateBuilder().subject_name(name(cn)).issuer_name(issuer_name)
             .public_key(key.public_key()).serial_number(serial)
             .not_valid_before(T0 - 30 * DAY).not_valid_after(T0 + 365 * DAY)
             .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
             .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                                          data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                                          encipher_only=False, decipher_only=False), critical=True))
        if marker:
            b = b.add_extension(x509.UnrecognizedExtension(ObjectIdentifier(marker), b"\x05\x00"), critical=False)
        if url:
            b = b.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
                AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(url))]), critical=False)
        return b.sign(issuer_key, hashes.SHA256())

    root = build("App Store test root", keys["root"], name("App Store test root"), keys["root"], 0x51, True, None, None)
    inter = build("App Store test intermediate", keys["intermediate"], root.subject, keys["root"], 0x52, True,
                  "1.2.840.113635.100.6.2.1", "http://ocsp.example.test/root")
    leaf = build("App Store test signing", keys["leaf"], inter.subject, keys["intermediate"], 0x53, False,
                 "1.2.840.113635.100.6.11.1", "http://ocsp.example.test/intermediate")
    with open(os.path.join(d, "root.pem"), "wb") as f:
        f.write(root.public_bytes(serialization.Encoding.PEM))

    def b64u(b):
        return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    header = json.dumps({"alg": "ES256", "x5c": [base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()
                                                 for c in (leaf, inter, root)]}, separators=(",", ":"))
    payload = json.dumps({"transactionId": "23456", "originalTransactionId": "12345", "bundleId": "com.example",
                          "productId": "com.example.product", "type": "Auto-Renewable Subscription",
                          "environment": "Sandbox", "signedDate": int(T0.timestamp()) * 1000}, separators=(",", ":"))
    signing_input = (b64u(header.encode()) + "." + b64u(payload.encode())).encode()
    r, s_ = decode_dss_signature(keys["leaf"].sign(signing_input, ec.ECDSA(hashes.SHA256())))
    with open(os.path.join(d, "transaction.jws"), "w") as f:
        f.write(signing_input.decode() + "." + b64u(r.to_bytes(32, "big") + s_.to_bytes(32, "big")) + "\n")

    def answer(fname, about, issuer_cert, issuer_key, status, next_update=T0 + DAY, note=""):
        kw = dict(revocation_time=None, revocation_reason=None)
        if status == ocsp.OCSPCertStatus.REVOKED:
            kw = dict(revocation_time=T0 - 2 * DAY, revocation_reason=x509.ReasonFlags.key_compromise)
        der = (ocsp.OCSPResponseBuilder()
               .add_response(cert=about, issuer=issuer_cert, algorithm=hashes.SHA1(), cert_status=status,
                             this_update=T0, next_update=next_update, **kw)
               .responder_id(ocsp.OCSPResponderEncoding.HASH, issuer_cert)
               .sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER))
        with open(os.path.join(d, fname), "wb") as f:
            f.write(der)

    G, R, U = ocsp.OCSPCertStatus.GOOD, ocsp.OCSPCertStatus.REVOKED, ocsp.OCSPCertStatus.UNKNOWN
    answer("leaf-good.der", leaf, inter, keys["intermediate"], G)
    answer("leaf-revoked.der", leaf, inter, keys["intermediate"], R)
    answer("leaf-unknown.der", leaf, inter, keys["intermediate"], U)
    answer("leaf-stale.der", leaf, inter, keys["intermediate"], G, next_update=T0 + datetime.timedelta(minutes=30))
    answer("intermediate-good.der", inter, root, keys["root"], G)
    answer("intermediate-revoked.der", inter, root, keys["root"], R)


def notifications():
    """App Store Server Notifications V2 in Apple's shape for the Hummingbird notification route's tests
    (Integrations/Hummingbird/JOSEHummingbird, over real HTTP with a fake OCSP responder): a chain like appstore()'s,
    a SUBSCRIBED notification (production, bundle com.example, app Apple ID 1234567890) carrying a signed transaction
    and renewal info, its twin for another bundle, and OCSP answers for the leaf (good, revoked, unknown, stale,
    signed by a key that is not the issuer's) and the intermediate (good). MANIFEST.json lists each file."""
    import base64
    import uuid
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    from cryptography.x509.oid import AuthorityInformationAccessOID, ObjectIdentifier
    d = os.path.join(OUT, "notifications")
    os.makedirs(d, exist_ok=True)
    keys = {n: ec.generate_private_key(ec.SECP256R1()) for n in ("root", "intermediate", "leaf", "impostor")}

    def build(cn, key, issuer_name, issuer_key, serial, ca, marker, url):
        b = (x509.CertificateBuilder().subject_name(name(cn)).issuer_name(issuer_name)
             .public_key(key.public_key()).serial_number(serial)
             .not_valid_before(T0 - 30 * DAY).not_valid_after(T0 + 365 * DAY)
             .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
             .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False, key_encipherment=False,
                                          data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                                          encipher_only=False, decipher_only=False), critical=True))
        if marker:
            b = b.add_extension(x509.UnrecognizedExtension(ObjectIdentifier(marker), b"\x05\x00"), critical=False)
        if url:
            b = b.add_extension(x509.AuthorityInformationAccess([x509.AccessDescription(
                AuthorityInformationAccessOID.OCSP, x509.UniformResourceIdentifier(url))]), critical=False)
        return b.sign(issuer_key, hashes.SHA256())

    root = build("Notification test root", keys["root"], name("Notification test root"), keys["root"], 0x61, True,
                 None, None)
    inter = build("Notification test intermediate", keys["intermediate"], root.subject, keys["root"], 0x62, True,
                  "1.2.840.113635.100.6.2.1", "http://ocsp.example.test/root")
    leaf = build("Notification test signing", keys["leaf"], inter.subject, keys["intermediate"], 0x63, False,
                 "1.2.840.113635.100.6.11.1", "http://ocsp.example.test/intermediate")
    with open(os.path.join(d, "root.pem"), "wb") as f:
        f.write(root.public_bytes(serialization.Encoding.PEM))

    def b64u(b):
        return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    header = b64u(json.dumps({"alg": "ES256", "x5c": [
        base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode() for c in (leaf, inter, root)]},
        separators=(",", ":")).encode())

    def sign(payload):
        signing_input = header + "." + b64u(json.dumps(payload, separators=(",", ":")).encode())
        r, s_ = decode_dss_signature(keys["leaf"].sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
        return signing_input + "." + b64u(r.to_bytes(32, "big") + s_.to_bytes(32, "big"))

    signed_ms = int(T0.timestamp()) * 1000
    files = []

    def notification(fname, bundle, note):
        transaction = sign({"transactionId": "2000000123456789", "originalTransactionId": "2000000123456789",
                            "webOrderLineItemId": "2000000012345678", "bundleId": bundle,
                            "productId": "com.example.monthly", "subscriptionGroupIdentifier": "21000001",
                            "purchaseDate": signed_ms - 60000, "originalPurchaseDate": signed_ms - 60000,
                            "expiresDate": signed_ms + 30 * 86400000, "quantity": 1,
                            "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED",
                            "signedDate": signed_ms, "environment": "Production", "transactionReason": "PURCHASE",
                            "storefront": "USA", "storefrontId": "143441", "price": 4990, "currency": "USD"})
        renewal = sign({"originalTransactionId": "2000000123456789", "autoRenewProductId": "com.example.monthly",
                        "productId": "com.example.monthly", "autoRenewStatus": 1, "signedDate": signed_ms,
                        "environment": "Production", "recentSubscriptionStartDate": signed_ms - 60000,
                        "renewalDate": signed_ms + 30 * 86400000})
        body = sign({"notificationType": "SUBSCRIBED", "subtype": "INITIAL_BUY",
                     "notificationUUID": str(uuid.UUID(int=0x5eed0000 + len(files))), "version": "2.0",
                     "signedDate": signed_ms,
                     "data": {"appAppleId": 1234567890, "bundleId": bundle, "bundleVersion": "1.0",
                              "environment": "Production", "signedTransactionInfo": transaction,
                              "signedRenewalInfo": renewal, "status": 1}})
        with open(os.path.join(d, fname), "w") as f:
            f.write(json.dumps({"signedPayload": body}, separators=(",", ":")) + "\n")
        files.append(dict(file=fname, kind="notification", note=note))

    notification("subscribed.json", "com.example", "SUBSCRIBED/INITIAL_BUY for com.example, app 1234567890, Production")
    notification("subscribed-other-bundle.json", "com.example.other", "the same for bundle com.example.other")

    # The impostor has the intermediate's name and another key: its answers name the intermediate as responder.
    impostor = (x509.CertificateBuilder().subject_name(inter.subject).issuer_name(inter.subject)
                .public_key(keys["impostor"].public_key()).serial_number(0x64)
                .not_valid_before(T0 - 30 * DAY).not_valid_after(T0 + 365 * DAY)
                .sign(keys["impostor"], hashes.SHA256()))

    def answer(fname, about, issuer_cert, signer_key, status, expect, next_update=T0 + DAY, note="", signer=None):
        kw = dict(revocation_time=None, revocation_reason=None)
        if status == ocsp.OCSPCertStatus.REVOKED:
            kw = dict(revocation_time=T0 - 2 * DAY, revocation_reason=x509.ReasonFlags.key_compromise)
        der = (ocsp.OCSPResponseBuilder()
               .add_response(cert=about, issuer=issuer_cert, algorithm=hashes.SHA1(), cert_status=status,
                             this_update=T0, next_update=next_update, **kw)
               .responder_id(ocsp.OCSPResponderEncoding.NAME, signer or issuer_cert)
               .sign(signer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER))
        with open(os.path.join(d, fname), "wb") as f:
            f.write(der)
        files.append(dict(file=fname, kind="ocsp", expect=expect, note=note))

    G, R, U = ocsp.OCSPCertStatus.GOOD, ocsp.OCSPCertStatus.REVOKED, ocsp.OCSPCertStatus.UNKNOWN
    answer("leaf-good.der", leaf, inter, keys["intermediate"], G, "good", note="signed by the intermediate")
    answer("leaf-revoked.der", leaf, inter, keys["intermediate"], R, "revoked", note="revoked, keyCompromise")
    answer("leaf-unknown.der", leaf, inter, keys["intermediate"], U, "unknown", note="status unknown")
    answer("leaf-stale.der", leaf, inter, keys["intermediate"], G, "stale",
           next_update=T0 + datetime.timedelta(minutes=30), note="nextUpdate 30 minutes after thisUpdate")
    answer("leaf-wrong-signer.der", leaf, inter, keys["impostor"], G, "invalidSignature",
           note="responder ID names the intermediate, signed by another key", signer=impostor)
    answer("intermediate-good.der", inter, root, keys["root"], G, "good", note="signed by the root")
    manifest = dict(
        generator="Scripts/generate-ocsp-responses.py notifications (Python cryptography %s)"
                  % __import__("cryptography").__version__,
        checkTime=int(CHECK_TIME.timestamp()), bundleId="com.example", appAppleId=1234567890,
        leafURL="http://ocsp.example.test/intermediate", intermediateURL="http://ocsp.example.test/root",
        files=files)
    with open(os.path.join(d, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print("wrote %d files to %s" % (len(files), d))


def main():
    os.makedirs(OUT, exist_ok=True)
    issuer_key = ec.generate_private_key(ec.SECP256R1())
    other_key = ec.generate_private_key(ec.SECP256R1())
    responder_key = ec.generate_private_key(ec.SECP256R1())
    issuer = cert("Issuer CA", issuer_key, name("Issuer CA"), issuer_key, 0x1001, True)
    other_ca = cert("Other CA", other_key, name("Other CA"), other_key, 0x1002, True)
    subject = cert("Subject", ec.generate_private_key(ec.SECP256R1()), issuer.subject, issuer_key, 0x2A2B2C, False)
    sibling = cert("Sibling", ec.generate_private_key(ec.SECP256R1()), issuer.subject, issuer_key, 0x2A2B2D, False)
    responder = cert("Delegated responder", responder_key, issuer.subject, issuer_key, 0x3001, False,
                     [ExtendedKeyUsageOID.OCSP_SIGNING])
    responder_no_eku = cert("Responder without EKU", responder_key, issuer.subject, issuer_key, 0x3002, False,
                            [ExtendedKeyUsageOID.CLIENT_AUTH])
    responder_other_ca = cert("Responder of another CA", responder_key, other_ca.subject, other_key, 0x3003, False,
                              [ExtendedKeyUsageOID.OCSP_SIGNING])
    for n, c in [("issuer", issuer), ("subject", subject), ("sibling", sibling), ("responder", responder),
                 ("responder-no-eku", responder_no_eku), ("responder-other-ca", responder_other_ca),
                 ("other-ca", other_ca)]:
        with open(os.path.join(OUT, n + ".pem"), "wb") as f:
            f.write(c.public_bytes(serialization.Encoding.PEM))

    for n, h in [("request-sha1.der", hashes.SHA1()), ("request-sha256.der", hashes.SHA256())]:
        req = ocsp.OCSPRequestBuilder().add_certificate(subject, issuer, h).build()
        with open(os.path.join(OUT, n), "wb") as f:
            f.write(req.public_bytes(serialization.Encoding.DER))

    cases = []

    def response(case, expect, about=subject, status=ocsp.OCSPCertStatus.GOOD, signer=(issuer, issuer_key),
                 certs=None, this_update=T0, next_update=T0 + DAY, hash_alg=hashes.SHA1(), sig_hash=hashes.SHA256(),
                 encoding=ocsp.OCSPResponderEncoding.NAME, revoked=None, note=""):
        kw = {}
        if status == ocsp.OCSPCertStatus.REVOKED:
            kw = dict(revocation_time=revoked[0], revocation_reason=revoked[1])
        else:
            kw = dict(revocation_time=None, revocation_reason=None)
        b = (ocsp.OCSPResponseBuilder()
             .add_response(cert=about, issuer=issuer, algorithm=hash_alg, cert_status=status,
                           this_update=this_update, next_update=next_update, **kw)
             .responder_id(encoding, signer[0]))
        if certs:
            b = b.certificates(certs)
        der = b.sign(signer[1], sig_hash).public_bytes(serialization.Encoding.DER)
        with open(os.path.join(OUT, case + ".der"), "wb") as f:
            f.write(der)
        cases.append(dict(name=case, file=case + ".der", expect=expect, note=note))

    response("good", "good", note="signed by the issuer, responder ID by name, SHA-1 CertID")
    response("good-sha256-certid", "good", hash_alg=hashes.SHA256(), note="SHA-256 CertID")
    response("good-by-key", "good", encoding=ocsp.OCSPResponderEncoding.HASH, note="responder ID by key hash")
    response("good-delegated", "good", signer=(responder, responder_key), certs=[responder],
             encoding=ocsp.OCSPResponderEncoding.HASH, note="delegated responder with id-kp-OCSPSigning, issued by the issuer")
    response("revoked", "revoked", status=ocsp.OCSPCertStatus.REVOKED,
             revoked=(T0 - 2 * DAY, x509.ReasonFlags.key_compromise), note="revoked, keyCompromise")
    response("revoked-no-reason", "revoked", status=ocsp.OCSPCertStatus.REVOKED, revoked=(T0 - 2 * DAY, None),
             note="revoked without a reason code")
    response("unknown", "unknown", status=ocsp.OCSPCertStatus.UNKNOWN, note="the responder does not know the certificate")
    response("stale", "stale", this_update=T0 - 3 * DAY, next_update=T0 - 2 * DAY,
             note="nextUpdate two days before the check time")
    response("no-next-update-old", "stale", this_update=T0 - 3 * DAY, next_update=None,
             note="no nextUpdate and a thisUpdate older than the maximum age")
    response("no-next-update-fresh", "good", next_update=None, note="no nextUpdate, thisUpdate within the maximum age")
    response("future", "notYetValid", this_update=CHECK_TIME + datetime.timedelta(hours=2),
             next_update=CHECK_TIME + 2 * DAY, note="thisUpdate two hours after the check time (beyond the leeway)")
    impostor = cert("Issuer CA", other_key, name("Issuer CA"), other_key, 0x1003, True)
    response("wrong-signer", "invalidSignature", signer=(impostor, other_key),
             note="responder ID names the issuer, signed by another key")
    response("delegated-no-eku", "responderNotAuthorized", signer=(responder_no_eku, responder_key),
             certs=[responder_no_eku], encoding=ocsp.OCSPResponderEncoding.HASH,
             note="delegated responder certificate without id-kp-OCSPSigning")
    response("delegated-other-ca", "responderNotAuthorized", signer=(responder_other_ca, responder_key),
             certs=[responder_other_ca], encoding=ocsp.OCSPResponderEncoding.HASH,
             note="responder with id-kp-OCSPSigning, issued by another CA")
    response("delegated-missing-cert", "responderNotAuthorized", signer=(responder, responder_key),
             encoding=ocsp.OCSPResponderEncoding.HASH, note="delegated responder whose certificate is not included")
    response("wrong-certid", "certIDMismatch", about=sibling, note="a good answer for another serial number")
    response("good-sha384-signature", "good", sig_hash=hashes.SHA384(), note="response signed with ecdsa-with-SHA384")

    for case, status in [("try-later", ocsp.OCSPResponseStatus.TRY_LATER),
                         ("unauthorized", ocsp.OCSPResponseStatus.UNAUTHORIZED),
                         ("internal-error", ocsp.OCSPResponseStatus.INTERNAL_ERROR)]:
        der = ocsp.OCSPResponseBuilder.build_unsuccessful(status).public_bytes(serialization.Encoding.DER)
        with open(os.path.join(OUT, case + ".der"), "wb") as f:
            f.write(der)
        cases.append(dict(name=case, file=case + ".der", expect="responseUnsuccessful",
                          note="responseStatus " + status.name))

    appstore()

    manifest = dict(
        generator="Scripts/generate-ocsp-responses.py (Python cryptography %s)" % __import__("cryptography").__version__,
        checkTime=int(CHECK_TIME.timestamp()), thisUpdate=int(T0.timestamp()),
        revocationTime=int((T0 - 2 * DAY).timestamp()),
        subjectSerialHex="2a2b2c", cases=cases)
    with open(os.path.join(OUT, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print("wrote %d responses and 2 requests to %s" % (len(cases), OUT))


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["notifications"]:
        notifications()
    else:
        main()
