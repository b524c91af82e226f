import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A fake OCSP responder on 127.0.0.1, on SwiftNIO alone so that the Hummingbird and the Vapor tests share it:
/// `POST /intermediate` (answers about the leaf) and `POST /root` (about the intermediate), each answering a DER
/// file of ``NotificationFixtures``, stalling, failing with a status, or sending junk bytes, as the test sets. It
/// records every request it was sent.
public final class FakeOCSPResponder: Sendable {
    public enum Answer: Sendable {
        /// 200 with this fixture file as `application/ocsp-response`.
        case file(String)
        /// Nothing for this many seconds, then an empty 200.
        case stall(Double)
        /// This status, no body.
        case status(Int)
        /// 200 with this many bytes of junk.
        case bytes(Int)
    }

    public struct Request: Sendable {
        public var path: String
        public var contentType: String?
        public var body: [UInt8]
    }

    struct State: Sendable {
        var answers: [String: Answer]
        var requests: [Request] = []
    }
    let state: Mutex<State>

    public init(leaf: Answer = .file("leaf-good.der"), intermediate: Answer = .file("intermediate-good.der")) {
        state = Mutex(State(answers: ["/intermediate": leaf, "/root": intermediate]))
    }

    /// What the responder was sent, in order.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Starts the responder on an ephemeral port of 127.0.0.1, runs `body` with that port, and stops it.
    public func whileRunning<R: Sendable>(_ body: (Int) async throws -> R) async throws -> R {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(responder: self))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            guard let port = channel.localAddress?.port, port > 0 else { throw ResponderError.noPort }
            let result = try await body(port)
            try? await channel.close()
            return result
        } catch {
            try? await channel.close()
            throw error
        }
    }

    enum ResponderError: Error { case noPort }

    /// Records one request and returns the answer for its path (nil: no such path).
    func record(_ request: Request) -> Answer? {
        state.withLock { s in
            s.requests.append(request)
            return s.answers[request.path]
        }
    }

    final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let responder: FakeOCSPResponder
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(responder: FakeOCSPResponder) { self.responder = responder }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let h):
                head = h
                body = []
            case .body(let buffer):
                body += buffer.readableBytesView
            case .end:
                guard let head else { return }
                self.head = nil
                let request = Request(path: head.uri, contentType: head.headers.first(name: "Content-Type"), body: body)
                let keepAlive = head.isKeepAlive
                guard head.method == .POST, let answer = responder.record(request) else {
                    respond(context, status: .notFound, bytes: [], keepAlive: keepAlive)
                    return
                }
                switch answer {
                case .file(let name):
                    do {
                        let der = try NotificationFixtures.data(name)
                        respond(context, status: .ok, bytes: Array(der), contentType: "application/ocsp-response",
                                keepAlive: keepAlive)
                    } catch {
                        respond(context, status: .internalServerError, bytes: [], keepAlive: false)
                    }
                case .stall(let seconds):
                    let ms = Int64(max(seconds, 0) * 1000)
                    context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(ms)) {
                        self.respond(context, status: .ok, bytes: [], keepAlive: false)
                    }
                case .status(let code):
                    respond(context, status: HTTPResponseStatus(statusCode: code), bytes: [], keepAlive: keepAlive)
                case .bytes(let count):
                    respond(context, status: .ok, bytes: [UInt8](repeating: 0x30, count: count), keepAlive: keepAlive)
                }
            }
        }

        func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, bytes: [UInt8],
                     contentType: String? = nil, keepAlive: Bool) {
            guard context.channel.isActive else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: String(bytes.count))
            if let contentType { headers.add(name: "Content-Type", value: contentType) }
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                          promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
            if !keepAlive {
                let channel = context.channel
                done.futureResult.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
