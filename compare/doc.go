// Package compare holds cross-checks and side-by-side benchmarks of moduletto
// against the standard library's crypto/mlkem, crypto/mldsa and crypto/hpke
// and github.com/cloudflare/circl. It is a separate module so that those never
// enter the main module's go.mod, and it needs Go 1.27 (crypto/mldsa); the
// Makefile runs it with GOTOOLCHAIN=go1.27.3.
package compare
