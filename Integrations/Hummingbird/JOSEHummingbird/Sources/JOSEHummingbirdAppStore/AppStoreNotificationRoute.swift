import AppStore
import Hummingbird
import JOSEServerAppStore
import JOSEServerSupport
import NIOCore

extension AppStoreNotificationReceiver {
    /// Adds `POST <path>` (`/appstore/notifications` by default): the URL you give App Store Connect for App Store
    /// Server Notifications V2. The body is read up to ``maximumBodyBytes`` within ``bodyReads``' deadline (408
    /// past it, 503 when that many bodies are being read; a server with ``JOSEHummingbird/RequestBodyDeadline``
    /// also closes those connections) and handed to ``receive(_:)``; the answer
    /// is its status with a `text/plain` body of the code only (`ok`, `refused: <code>`, `failed: handlerFailed`).
    /// 200 only when your handler returned, so Apple sends again whatever was refused, unreachable or failed.
    /// Refusals and failures are logged at `notice` with their code and reason.
    public func addRoute<Context: RequestContext>(to router: Router<Context>,
                                                  path: RouterPath = "/appstore/notifications") {
        let receiver = self
        router.post(path) { request, context -> Response in
            let limit = receiver.maximumBodyBytes
            let body: ByteBuffer
            switch await receiver.bodyReads.read({ var r = request; return try await r.collectBody(upTo: limit) }) {
            case .read(let buffer): body = buffer
            case .failed: return Self.response(Outcome.tooLarge(limit), context: context)
            case .timedOut: return Self.response(Outcome.timedOut(receiver.bodyReads.timeout), context: context, close: true)
            case .busy: return Self.response(Outcome.busy(receiver.bodyReads.maximumConcurrentReads), context: context, close: true)
            }
            let outcome = await receiver.receive(Array(body.readableBytesView))
            return Self.response(outcome, context: context)
        }
    }

    static func response<Context: RequestContext>(_ outcome: Outcome, context: Context, close: Bool = false) -> Response {
        if outcome.status != 200 {
            context.logger.notice("App Store notification not accepted", metadata: [
                "status": "\(outcome.status)", "code": "\(outcome.code)", "reason": "\(outcome.reason)"])
        }
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        if close { headers[.connection] = "close" }
        return Response(status: .init(code: outcome.status), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: outcome.responseBody)))
    }
}
