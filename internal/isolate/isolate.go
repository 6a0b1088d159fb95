// Package isolate runs operations on secret data with the protections Go
// offers: data-independent timing, and, in builds with
// GOEXPERIMENT=runtimesecret, erasure of the registers and stack the
// operation used.
package isolate

import "crypto/subtle"

// Run runs f, an operation on secret data, with data-independent timing
// enabled (crypto/subtle.WithDataIndependentTiming: PSTATE.DIT on arm64, no
// effect elsewhere) and, in builds with GOEXPERIMENT=runtimesecret, inside
// runtime/secret.Do, which erases the registers and stack f used when it
// returns. Neither call lets f escape, so running a caller-buffer path here
// does not allocate.
func Run(f func()) {
	subtle.WithDataIndependentTiming(func() { eraseAfter(f) })
}
