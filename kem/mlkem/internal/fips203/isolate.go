package fips203

import "crypto/subtle"

// isolate runs f, an operation on secret data, with data-independent timing
// enabled (crypto/subtle.WithDataIndependentTiming: PSTATE.DIT on arm64, no
// effect elsewhere) and, in builds with GOEXPERIMENT=runtimesecret, inside
// runtime/secret.Do, which erases the registers and stack f used when it
// returns. Neither call lets f escape, so isolating a caller-buffer path
// does not allocate.
func isolate(f func()) {
	subtle.WithDataIndependentTiming(func() { eraseAfter(f) })
}
