import AppStore
import Hummingbird
import JOSEServerAppStore
import JOSEServerSupport
import NIOCore

extension AppStoreNotificationReceiver {
    /// Adds `POST <path>` (`/appstore/notifications` by default): the URL you give App Store Connect for App Store
    /// Server Notifications V2. The body is read up to ``maximumBodyBytes`` and handed to ``receive(_:)``; the answer
    /// is its status with a `text/plain` body of the code only (`ok`, `refused: <code>`, `failed: handlerFailed`).
    /// 200 only when your handler returned, so Apple sends again whatever was refused, unreachable or failed.
    /// Refusals and failures are logged at `notice` with their code and reason.
    public func addRoute<Context: RequestContext>(to router: Router<Context>,
                                                  path: RouterPath = "/appstore/notifications") {
        let receiver = self
        router.post(path) { request, context -> Response in
            var request = request
            let body: ByteBuffer
            do { body = try await request.collectBody(upTo: receiver.maximumBodyBytes) } catch {
                return Self.response(Outcome.tooLarge(receiver.maximumBodyBytes), context: context)
            }
            let outcome = await receiver.receive(Array(body.readableBytesView))
            return Self.response(outcome, context: context)
        }
    }

    static func response<Context: RequestContext>(_ outcome: Outcome, context: Context) -> Response {
        if outcome.status != 200 {
            context.logger.notice("App Store notification not accepted", metadata: [
                "status": "\(outcome.status)", "code": "\(outcome.code)", "reason": "\(outcome.reason)"])
        }
        return Response(status: .init(code: outcome.status),
                        headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: outcome.responseBody)))
    }
}
