import JOSEServerSupport
import Vapor

/// Reading a request body under a ``JOSEServerSupport/BodyReadGate`` (deadline, concurrency limit), for the routes of
/// this package: the route must be registered with `body: .stream`, so that Vapor has not collected the body before
/// the handler runs.
package enum GuardedBody {
    /// What became of the read: the bytes, or the response to answer (413, 408 or 503; the last two close the
    /// connection).
    package enum Read {
        case bytes([UInt8])
        case tooLarge
        case refused(Response)
    }

    /// Whether the request declares a body (a non-zero `Content-Length` or a `Transfer-Encoding`).
    package static func declared(_ req: Request) -> Bool {
        if req.headers.first(name: .transferEncoding) != nil { return true }
        if let length = req.headers.first(name: .contentLength) { return length != "0" }
        return false
    }

    /// Reads `req`'s body, at most `limit` bytes, within `gate`'s deadline.
    package static func read(_ req: Request, limit: Int, gate: BodyReadGate) async -> Read {
        if let length = req.headers.first(name: .contentLength).flatMap({ Int($0) }), length > limit { return .tooLarge }
        let outcome = await gate.read { () async throws -> [UInt8] in
            // Vapor's collect fails once the body reaches `max`, so a body of exactly `limit` bytes needs `limit + 1`.
            let buffer = try await req.body.collect(max: limit + 1).get()
            return buffer.map { Array($0.readableBytesView) } ?? []
        }
        switch outcome {
        case .read(let bytes): return bytes.count <= limit ? .bytes(bytes) : .tooLarge
        case .failed: return .tooLarge
        case .timedOut:
            return .refused(closingResponse(.requestTimeout, "refused: bodyTimeout"))
        case .busy:
            return .refused(closingResponse(.serviceUnavailable, "refused: tooManyBodyReads"))
        }
    }

    /// A complete `text/plain` response after which Vapor closes the connection: its body stream ends with an error
    /// once every byte is written, which Vapor answers by closing (a stalled or dripping request body would otherwise
    /// be drained for as long as the client keeps sending).
    package static func closingResponse(_ status: HTTPResponseStatus, _ text: String) -> Response {
        let bytes = ByteBuffer(string: text)
        let response = Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"])
        response.body = .init(asyncStream: { writer in
            try await writer.write(.buffer(bytes))
            try? await writer.write(.error(ConnectionClosedAfterAnswer()))
        }, count: bytes.readableBytes)
        return response
    }

    struct ConnectionClosedAfterAnswer: Error {}

    /// Sets Vapor's `idleTimeout` to `seconds` when the app has none: Vapor hands a request to its route only once
    /// the first byte of its body arrives, so a request that declares a body and never sends a byte of it is closed
    /// by the idle timeout, not by the route's deadline (the routes pass their deadline plus 1 s, so that a body that
    /// started and stalled gets the route's 408 first).
    package static func setIdleTimeoutIfUnset(_ app: Application, seconds: Double) {
        guard app.http.server.configuration.idleTimeout == nil else { return }
        app.http.server.configuration.idleTimeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
