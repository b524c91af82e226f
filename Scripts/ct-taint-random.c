// ct-check's stand-in for the system random generator's output being secret (BoringSSL's constant-time validation
// marks RAND_bytes' output secret the same way). Preloaded into the CTCheck program under valgrind by
// Scripts/ct-check.sh (LD_PRELOAD); never part of the package (no C target: a tool of the check, built by the script
// with the toolchain's clang).
//
// The Swift runtime's swift_stdlib_random (SystemRandomNumberGenerator) calls syscall(SYS_getrandom, …). This
// wrapper passes every call through, and after a getrandom it XORs each returned byte with a byte of malloc'd,
// never-written memory and with that byte again: the values are unchanged, memcheck sees them as undefined, so any
// branch or address computed from them is reported (private keys from PrivateKey(), RSA blinding values, ECDSA
// hedging bytes). ct-check.sh sets SWIFT_DETERMINISTIC_HASHING=1 so that the runtime's hashing seed is not drawn.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/syscall.h>

long syscall(long number, ...) {
    static long (*real)(long, ...);
    if (!real) real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    va_list ap;
    va_start(ap, number);
    long a[6];
    for (int i = 0; i < 6; i++) a[i] = va_arg(ap, long);
    va_end(ap);
    long result = real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
    if (number == SYS_getrandom && result > 0) {
        unsigned char *out = (unsigned char *)a[0];
        // Never written: undefined to memcheck. Read through a volatile pointer, so that the compiler (to which
        // reading it is undefined behaviour) neither folds the two reads nor drops the allocation.
        volatile unsigned char *undefined = malloc((size_t)result);
        if (undefined) {
            for (long i = 0; i < result; i++) {
                unsigned char a = undefined[i], b = undefined[i];
                out[i] = out[i] ^ a ^ b;
            }
            // Left allocated: memcheck's leak report is not part of the verdict.
        }
    }
    return result;
}
