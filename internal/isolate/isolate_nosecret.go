//go:build !goexperiment.runtimesecret

package isolate

// eraseAfter runs f. Without GOEXPERIMENT=runtimesecret there is no
// runtime/secret; the explicit clear() calls of the callers remain.
func eraseAfter(f func()) { f() }
