// Package compare holds cross-checks and side-by-side benchmarks of moduletto
// against crypto/mlkem and github.com/cloudflare/circl. It is a separate module
// so that those never enter the main module's go.mod.
package compare
