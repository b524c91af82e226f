// The heap of purejose.wasm: malloc, free, calloc, realloc, posix_memalign and aligned_alloc, written here because
// the module links against nothing but the Embedded Swift standard library (no WASI, no libc).
//
// Blocks come in power-of-two size classes (32 bytes … 2 GiB). A block starts with a 16-byte header — its class
// and the distance from the block's start to the pointer handed out — so payloads stay 16-byte aligned. Freed
// blocks go on a singly linked free list per class and are reused for the next request of that class; nothing is
// ever returned to the host. Fresh blocks are cut from the end of the heap, which grows through the host's
// `env.grow_memory(pages) -> previous page count` (purejose.mjs calls `memory.grow`). A request the host cannot
// satisfy returns nil, which the Swift runtime turns into a trap; purejose.mjs turns a trap into an error.
//
// Not thread-safe (WebAssembly instances are single-threaded here). Allocation sizes and addresses depend only on
// the sizes requested, never on the bytes stored.

@_extern(wasm, module: "env", name: "grow_memory")
@_extern(c)
func hostGrowMemory(_ pages: Int32) -> Int32

private let headerSize = 16
private let minimumClass = 5          // 32-byte blocks: 16 bytes of header, 16 of payload
private let classCount = 32

/// The allocator's whole state, in static storage (no allocation needed to allocate).
private struct HeapState {
    var freeLists: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt,
                    UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var top: UInt = 0      // first unused byte of the heap (0: not set up yet)
    var end: UInt = 0      // end of linear memory
}
nonisolated(unsafe) private var heap = HeapState()

@inline(__always)
private func freeListHead(_ k: Int) -> UInt {
    withUnsafeBytes(of: &heap.freeLists) { $0.load(fromByteOffset: k * MemoryLayout<UInt>.stride, as: UInt.self) }
}

@inline(__always)
private func setFreeListHead(_ k: Int, _ v: UInt) {
    withUnsafeMutableBytes(of: &heap.freeLists) { $0.storeBytes(of: v, toByteOffset: k * MemoryLayout<UInt>.stride, as: UInt.self) }
}

/// The smallest class whose blocks hold `bytes` of payload after the header, or nil if none does.
private func sizeClass(forPayload bytes: Int) -> Int? {
    guard bytes >= 0, bytes <= (1 << 30) else { return nil }
    let need = bytes + headerSize
    var k = minimumClass
    while (1 << k) < need { k += 1 }
    return k < classCount ? k : nil
}

/// A block of class `k` (its start address), from the free list or from the end of the heap.
private func takeBlock(_ k: Int) -> UInt? {
    let head = freeListHead(k)
    if head != 0 {
        setFreeListHead(k, UnsafePointer<UInt>(bitPattern: head)!.pointee)
        return head
    }
    if heap.top == 0 {
        let pages = UInt(bitPattern: Int(hostGrowMemory(0)))
        heap.top = pages << 16
        heap.end = heap.top
    }
    let size = UInt(1) << UInt(k)
    // Blocks are aligned to their own size up to 4 KiB, so headers and payloads stay aligned.
    let align = min(size, 4096)
    let start = (heap.top + align - 1) & ~(align - 1)
    let (newTop, overflow) = start.addingReportingOverflow(size)
    if overflow { return nil }
    if newTop > heap.end {
        let missing = newTop - heap.end
        let pages = (missing + 65535) >> 16
        guard pages < 65536, hostGrowMemory(Int32(pages)) >= 0 else { return nil }
        heap.end += pages << 16
    }
    heap.top = newTop
    return start
}

/// Hands out the payload of a block of class `k`, aligned to `alignment` (a power of two).
private func allocate(_ size: Int, alignment: Int) -> UnsafeMutableRawPointer? {
    let extra = alignment > headerSize ? alignment : 0
    guard let k = sizeClass(forPayload: size + extra), let block = takeBlock(k) else { return nil }
    var payload = block + UInt(headerSize)
    if alignment > headerSize { payload = (payload + UInt(alignment) - 1) & ~UInt(alignment - 1) }
    let header = UnsafeMutablePointer<UInt32>(bitPattern: payload - 8)!
    header[0] = UInt32(payload - block)     // distance back to the block's start
    header[1] = UInt32(k)                   // the block's class
    return UnsafeMutableRawPointer(bitPattern: payload)
}

private func blockOf(_ p: UnsafeMutableRawPointer) -> (start: UInt, sizeClass: Int) {
    let payload = UInt(bitPattern: p)
    let header = UnsafePointer<UInt32>(bitPattern: payload - 8)!
    return (payload - UInt(header[0]), Int(header[1]))
}

@_cdecl("malloc")
public func malloc(_ size: Int) -> UnsafeMutableRawPointer? {
    allocate(size, alignment: 16)
}

@_cdecl("free")
public func free(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    let (start, k) = blockOf(p)
    UnsafeMutablePointer<UInt>(bitPattern: start)!.pointee = freeListHead(k)
    setFreeListHead(k, start)
}

@_cdecl("calloc")
public func calloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    let (total, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow, let p = allocate(total, alignment: 16) else { return nil }
    p.initializeMemory(as: UInt8.self, repeating: 0, count: total)
    return p
}

@_cdecl("realloc")
public func realloc(_ p: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    guard let p else { return allocate(size, alignment: 16) }
    let (start, k) = blockOf(p)
    let capacity = (1 << k) - Int(UInt(bitPattern: p) - start)
    if size <= capacity { return p }
    guard let q = allocate(size, alignment: 16) else { return nil }
    q.copyMemory(from: p, byteCount: capacity)
    free(p)
    return q
}

@_cdecl("posix_memalign")
public func posix_memalign(_ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int) -> Int32 {
    guard alignment > 0, alignment & (alignment - 1) == 0, alignment <= 4096 else { return 22 }   // EINVAL
    guard let p = allocate(size, alignment: max(alignment, 16)) else { return 12 }                 // ENOMEM
    out.pointee = p
    return 0
}

@_cdecl("aligned_alloc")
public func aligned_alloc(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    guard alignment > 0, alignment & (alignment - 1) == 0, alignment <= 4096 else { return nil }
    return allocate(size, alignment: max(alignment, 16))
}

/// Bytes handed out and not yet freed are not tracked; this reports the heap's extent for the tests' leak check.
@_cdecl("pj_heap_top")
public func pj_heap_top() -> Int { Int(bitPattern: heap.top) }
