// Bernstein–Yang safegcd lives in ConstantTime (package access), shared with Ed25519. This alias keeps the generated
// curve files, which name `SafeGCD` without importing ConstantTime, compiling as Scripts/generate-curves.py writes them.

import ConstantTime

typealias SafeGCD = ConstantTime.SafeGCD
