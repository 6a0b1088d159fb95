//go:build !goexperiment.runtimesecret

package fips203

// eraseAfter runs f. Without GOEXPERIMENT=runtimesecret there is no
// runtime/secret; the explicit clear() calls of the callers remain.
func eraseAfter(f func()) { f() }
