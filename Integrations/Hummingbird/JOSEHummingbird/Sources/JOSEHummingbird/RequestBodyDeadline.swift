import Hummingbird
import HummingbirdCore
import HTTPTypes
import JOSEServerSupport
import NIOCore
import NIOHTTPTypes
import Synchronization

/// A channel handler that gives every request body one deadline and bounds how many are received at once, for any
/// route of a Hummingbird 2 server (the routes of this package also bound their own reads, ``BodyReadGate``).
///
/// Hummingbird's `idleTimeout` closes a connection only after it has been quiet that long: a body that drips a byte
/// every half second keeps it open for ever, and after a route answered early the server drains whatever body is
/// still coming. This handler starts a clock when a request head that declares a body (a non-zero `Content-Length`
/// or a `Transfer-Encoding`) arrives and stops it at the end of the body; when ``Limits/timeout`` passes first it
/// answers `408 Request Timeout` (`Connection: close`) if no response has started, and closes the connection. A
/// request that declares a body while ``Limits/maximumConcurrentBodies`` bodies are arriving on the server is
/// answered `503` and its connection closed, before any route sees it. A response with `Connection: close` (the
/// routes' own 408 and 503) closes the connection once written.
///
/// ```swift
/// let limits = try RequestBodyDeadline.Limits(timeout: .seconds(10), maximumConcurrentBodies: 256)
/// let app = Application(router: router, server: .http1(configuration: .init(
///     additionalChannelHandlers: [RequestBodyDeadline(limits: limits)], idleTimeout: .seconds(60))))
/// ```
/// (`additionalChannelHandlers` is an autoclosure: each connection gets its own handler; `limits` is shared.)
public final class RequestBodyDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    /// The deadline, and the count of bodies arriving across every connection that shares these limits.
    public final class Limits: Sendable {
        /// Time for a whole request body, from its head to its end.
        public let timeout: TimeAmount
        /// Most bodies arriving at once on the connections sharing these limits.
        public let maximumConcurrentBodies: Int
        private let active = Atomic<Int>(0)

        /// - Parameters:
        ///   - timeout: more than 0 and at most 600 s (default 10 s).
        ///   - maximumConcurrentBodies: 1 to 1,000,000 (default 256).
        public init(timeout: TimeAmount = .seconds(10), maximumConcurrentBodies: Int = 256) throws(IntegrationError) {
            guard timeout > .zero, timeout <= .seconds(600) else {
                throw .make(.configuration, "a request body deadline is more than 0 and at most 600 seconds")
            }
            guard maximumConcurrentBodies >= 1, maximumConcurrentBodies <= 1_000_000 else {
                throw .make(.configuration, "1 to 1000000 request bodies may arrive at once")
            }
            self.timeout = timeout
            self.maximumConcurrentBodies = maximumConcurrentBodies
        }

        /// Bodies arriving now.
        public var bodiesInProgress: Int { active.load(ordering: .relaxed) }

        func enter() -> Bool {
            let (n, _) = active.wrappingAdd(1, ordering: .acquiringAndReleasing)
            if n < maximumConcurrentBodies { return true }
            _ = active.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            return false
        }

        func leave() { _ = active.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
    }

    private enum Response { case none, started, ended }

    private let limits: Limits
    private var timer: Scheduled<Void>?
    private var holdsSlot = false
    private var bodyOpen = false
    private var response = Response.none
    private var closeAfterResponse = false
    /// This handler answered or is closing the connection: everything else is dropped.
    private var takenOver = false

    public init(limits: Limits) { self.limits = limits }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !takenOver else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            response = .none
            if Self.declaresBody(head) {
                guard limits.enter() else {
                    answer(.serviceUnavailable, "refused: tooManyBodies", context: context)
                    return
                }
                holdsSlot = true
                bodyOpen = true
                let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                timer = context.eventLoop.scheduleTask(in: limits.timeout) {
                    let (handler, context) = loopBound.value
                    handler.expire(context: context)
                }
            }
        case .body:
            break
        case .end:
            bodyOpen = false
            finishBody()
        }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !takenOver else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:
            response = .started
            closeAfterResponse = head.headerFields[.connection]?.lowercased() == "close"
        case .end:
            response = .ended
            if closeAfterResponse {
                // The route answered `Connection: close` (a 408 or 503 of its own): close once it is written,
                // rather than let the server drain a body that may never end.
                takenOver = true
                finishBody()
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.writeAndFlush(data).whenComplete { result in
                    promise?.completeWith(result)
                    loopBound.value.close(promise: nil)
                }
                return
            }
        default: break
        }
        context.write(data, promise: promise)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        finishBody()
        context.fireChannelInactive()
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        finishBody()
    }

    private func expire(context: ChannelHandlerContext) {
        timer = nil
        guard bodyOpen, !takenOver else { return }
        finishBody()
        if response == .none {
            answer(.requestTimeout, "refused: bodyTimeout", context: context)
        } else {
            takenOver = true
            context.close(promise: nil)
        }
    }

    private func finishBody() {
        timer?.cancel()
        timer = nil
        if holdsSlot {
            holdsSlot = false
            limits.leave()
        }
    }

    /// Writes a whole `text/plain` response with `Connection: close`, then closes the connection.
    private func answer(_ status: HTTPResponse.Status, _ text: String, context: ChannelHandlerContext) {
        takenOver = true
        finishBody()
        let body = ByteBuffer(string: text)
        let head = HTTPResponse(status: status, headerFields: [
            .connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: "\(body.readableBytes)",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }

    static func declaresBody(_ head: HTTPRequest) -> Bool {
        if head.headerFields[.transferEncoding] != nil { return true }
        if let length = head.headerFields[.contentLength] { return length != "0" }
        return false
    }
}

@available(*, unavailable)
extension RequestBodyDeadline: Sendable {}
